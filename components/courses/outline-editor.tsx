"use client";

import {
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import AddIcon from "@mui/icons-material/Add";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { OutlineDialogs, type OutlineDialog } from "@/components/courses/outline-dialogs";
import {
  outlineAnnouncements,
  outlineCollisionDetection,
  screenReaderInstructions,
  useOutlineSensors,
} from "@/components/courses/outline-dnd";
import { LessonRow, SortableModule, type RowActions } from "@/components/courses/outline-rows";
import {
  dragId,
  dropResult,
  findLesson,
  moveLessonOver,
  parseDragId,
  sameOrder,
  toReorderPayload,
  type DragRef,
  type Outline,
} from "@/components/courses/outline-state";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import type { LessonJson, OutlineJson } from "@/components/courses/types";
import { apiGet, apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";

/**
 * Modules and lessons, reordered by drag and drop (pointer, touch or keyboard). The new order is shown
 * at once and saved with one PUT of the whole outline; if that fails, the previous order comes back.
 */
export function OutlineEditor({ courseId, initial }: { courseId: string; initial: OutlineJson }) {
  const [modules, setModules] = useState<Outline>(initial.modules);
  const [latest] = useState(() => new LatestOutline(initial.modules));
  const commit = (next: Outline) => {
    latest.set(next);
    setModules(next);
  };
  const beforeDrag = useRef<Outline | null>(null);
  const movedModule = useRef(false);
  const [active, setActive] = useState<DragRef | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [dialog, setDialog] = useState<OutlineDialog | null>(null);
  const sensors = useOutlineSensors();
  const [announcements] = useState(() => outlineAnnouncements(latest.get));

  async function saveOrder(before: Outline, next: Outline) {
    setSaving(true);
    try {
      const saved = await apiPut<OutlineJson>(`/api/courses/${courseId}/outline`, toReorderPayload(next));
      commit(saved.modules);
      setNotice({ severity: "success", message: "New order saved" });
    } catch (e) {
      commit(before);
      setNotice({
        severity: "error",
        message: `Could not save the new order (${failureMessage(e, "the server did not answer")}). The outline is back as it was.`,
      });
    } finally {
      setSaving(false);
    }
  }

  function onDragStart({ active: dragged }: DragStartEvent) {
    beforeDrag.current = latest.get();
    setActive(parseDragId(dragged.id));
  }

  // A lesson dragged into another module joins it right away, so that module's list makes room for it.
  function onDragOver({ active: dragged, over }: DragOverEvent) {
    const a = parseDragId(dragged.id);
    const o = parseDragId(over?.id);
    if (!over || a?.type !== "lesson" || !o || o.type === "module") return;
    const outline = latest.get();
    const from = findLesson(outline, a.id);
    const overModule =
      o.type === "lesson" ? findLesson(outline, o.id) : { moduleIndex: outline.findIndex((m) => m.id === o.id) };
    if (!from || !overModule || overModule.moduleIndex === from.moduleIndex || movedModule.current) return;
    const rect = dragged.rect.current.translated;
    const below = Boolean(rect && rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2);
    commit(moveLessonOver(outline, a.id, o, below));
    // The move reshapes both modules; until the new layout is measured, the old rects could send the
    // lesson straight back (and forth: an endless update loop). One move per frame.
    movedModule.current = true;
    requestAnimationFrame(() => requestAnimationFrame(() => (movedModule.current = false)));
  }

  function onDragEnd({ active: dragged, over }: DragEndEvent) {
    const before = beforeDrag.current;
    beforeDrag.current = null;
    setActive(null);
    const next = dropResult(latest.get(), parseDragId(dragged.id), parseDragId(over?.id));
    commit(next);
    if (before && !sameOrder(before, next)) void saveOrder(before, next);
  }

  function onDragCancel() {
    if (beforeDrag.current) commit(beforeDrag.current);
    beforeDrag.current = null;
    setActive(null);
  }

  async function editLesson(lessonId: string) {
    try {
      const lesson = await apiGet<LessonJson>(`/api/courses/${courseId}/lessons/${lessonId}`);
      setDialog({ type: "lesson", moduleId: lesson.module_id, lesson });
    } catch (e) {
      setNotice({ severity: "error", message: failureMessage(e, "Could not load the lesson") });
    }
  }

  const actions: RowActions = {
    onEditModule: (module) => setDialog({ type: "module", module }),
    onDeleteModule: (module) => setDialog({ type: "delete-module", module }),
    onAddLesson: (module) => setDialog({ type: "lesson", moduleId: module.id, lesson: null }),
    onEditLesson: (lesson) => void editLesson(lesson.id),
    onDeleteLesson: (lesson) => setDialog({ type: "delete-lesson", lesson }),
    quizSettingsHref: (lesson) => `/admin/courses/${courseId}/lessons/${lesson.id}/quiz`,
  };

  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, mb: 2 }}>
        <Typography color="text.secondary">
          Drag the handles to reorder modules and lessons, or move a lesson to another module. With a keyboard: focus a
          handle, press Space, use the arrow keys, press Space again.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ type: "module" })}
          sx={{ flexShrink: 0 }}
        >
          Add module
        </Button>
      </Box>
      {modules.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center", borderStyle: "dashed" }}>
          <Typography>No modules yet. Add a module, then add lessons to it.</Typography>
        </Paper>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={outlineCollisionDetection}
        // Lessons change module mid-drag, so targets move: measure them continuously, not just at the start.
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <SortableContext
          items={modules.map((m) => dragId({ type: "module", id: m.id }))}
          strategy={verticalListSortingStrategy}
        >
          {modules.map((module) => (
            <SortableModule key={module.id} module={module} actions={actions} disabled={saving} />
          ))}
        </SortableContext>
        <DragOverlay>{active ? <DragPreview outline={modules} item={active} /> : null}</DragOverlay>
      </DndContext>
      <OutlineDialogs
        courseId={courseId}
        dialog={dialog}
        onClose={() => setDialog(null)}
        outline={modules}
        onChange={commit}
        onNotice={setNotice}
      />
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}

/**
 * The outline as dnd-kit's handlers and announcements see it: they run between renders (an announcement
 * right after a handler moved something), so they cannot wait for React state.
 */
class LatestOutline {
  constructor(private value: Outline) {}
  get = (): Outline => this.value;
  set = (value: Outline): void => {
    this.value = value;
  };
}

function DragPreview({ outline, item }: { outline: Outline; item: DragRef }) {
  const handle = <DragIndicatorIcon fontSize="small" sx={{ m: 0.75 }} />;
  if (item.type === "lesson") {
    const at = findLesson(outline, item.id);
    const lesson = at && outline[at.moduleIndex]!.lessons[at.lessonIndex];
    return lesson ? (
      <Paper elevation={6}>
        <LessonRow lesson={lesson} handle={handle} />
      </Paper>
    ) : null;
  }
  const found = outline.find((m) => m.id === item.id);
  return found ? (
    <Paper elevation={6} sx={{ p: 1.5, display: "flex", alignItems: "center", gap: 1 }}>
      {handle}
      <Typography variant="h6" component="span">
        {found.title}
      </Typography>
    </Paper>
  ) : null;
}
