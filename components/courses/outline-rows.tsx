"use client";

import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import AddIcon from "@mui/icons-material/Add";
import ArticleIcon from "@mui/icons-material/Article";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteIcon from "@mui/icons-material/Delete";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import EditIcon from "@mui/icons-material/Edit";
import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
import QuizIcon from "@mui/icons-material/Quiz";
import WidgetsIcon from "@mui/icons-material/Widgets";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { CSSProperties, ReactNode } from "react";
import { dragId } from "@/components/courses/outline-state";
import { LinkButton } from "@/components/navigation/link-components";
import type { OutlineLessonJson, OutlineModuleJson } from "@/components/courses/types";
import type { LessonKind } from "@/lib/schemas/outline";

export const KIND_LABELS: Record<LessonKind, string> = {
  text: "Text",
  video: "Video",
  file: "File",
  scorm: "SCORM",
  cmi5: "cmi5",
  quiz: "Quiz",
};
const KIND_ICONS: Record<LessonKind, ReactNode> = {
  text: <ArticleIcon fontSize="small" />,
  video: <OndemandVideoIcon fontSize="small" />,
  file: <AttachFileIcon fontSize="small" />,
  scorm: <WidgetsIcon fontSize="small" />,
  cmi5: <WidgetsIcon fontSize="small" />,
  quiz: <QuizIcon fontSize="small" />,
};

/** A sortable row: its node, its style while moving, and the handle that is the only place a drag starts. */
function useSortableRow(id: string, title: string, disabled: boolean) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
  };
  // dnd-kit's attributes (role, aria-roledescription, aria-describedby) and listeners go on the handle.
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      aria-label={`Drag ${title}`}
      {...attributes}
      {...listeners}
      sx={{ cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
  return { setNodeRef, style, handle };
}

export interface RowActions {
  onEditModule: (module: OutlineModuleJson) => void;
  onDeleteModule: (module: OutlineModuleJson) => void;
  onAddLesson: (module: OutlineModuleJson) => void;
  onEditLesson: (lesson: OutlineLessonJson) => void;
  onDeleteLesson: (lesson: OutlineLessonJson) => void;
  /** Where a quiz lesson's settings page is. */
  quizSettingsHref: (lesson: OutlineLessonJson) => string;
}

export function SortableModule({
  module,
  actions,
  disabled,
}: {
  module: OutlineModuleJson;
  actions: RowActions;
  disabled: boolean;
}) {
  const { setNodeRef, style, handle } = useSortableRow(
    dragId({ type: "module", id: module.id }),
    module.title,
    disabled,
  );
  const headingId = `module-heading-${module.id}`;
  return (
    <Paper
      ref={setNodeRef}
      style={style}
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 1.5, mb: 2 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        {handle}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h3" noWrap>
            {module.title}
          </Typography>
          {module.description && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {module.description}
            </Typography>
          )}
        </Box>
        <IconButton aria-label={`Edit module ${module.title}`} onClick={() => actions.onEditModule(module)}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Delete module ${module.title}`} onClick={() => actions.onDeleteModule(module)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      <SortableContext
        items={module.lessons.map((l) => dragId({ type: "lesson", id: l.id }))}
        strategy={verticalListSortingStrategy}
      >
        <Box
          component="ol"
          aria-label={`Lessons of ${module.title}`}
          sx={{ listStyle: "none", p: 0, m: 0, mt: 1, ml: { sm: 5 } }}
        >
          {module.lessons.map((lesson) => (
            <SortableLesson key={lesson.id} lesson={lesson} actions={actions} disabled={disabled} />
          ))}
        </Box>
      </SortableContext>
      {module.lessons.length === 0 && <EmptyModuleDropZone moduleId={module.id} />}
      <Button
        startIcon={<AddIcon />}
        size="small"
        onClick={() => actions.onAddLesson(module)}
        sx={{ mt: 1, ml: { sm: 5 } }}
      >
        Add lesson
      </Button>
    </Paper>
  );
}

function SortableLesson({
  lesson,
  actions,
  disabled,
}: {
  lesson: OutlineLessonJson;
  actions: RowActions;
  disabled: boolean;
}) {
  const { setNodeRef, style, handle } = useSortableRow(
    dragId({ type: "lesson", id: lesson.id }),
    lesson.title,
    disabled,
  );
  return (
    <Box component="li" ref={setNodeRef} style={style}>
      <LessonRow lesson={lesson} handle={handle} actions={actions} />
    </Box>
  );
}

export function LessonRow({
  lesson,
  handle,
  actions,
}: {
  lesson: OutlineLessonJson;
  handle: ReactNode;
  actions?: RowActions;
}) {
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        py: 0.5,
        px: 1,
        mb: 0.5,
        borderRadius: 1,
        bgcolor: "action.hover",
      }}
    >
      {handle}
      <Box aria-hidden sx={{ display: "flex", color: "text.secondary" }}>
        {KIND_ICONS[lesson.kind]}
      </Box>
      <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
        {lesson.title}
      </Typography>
      <Chip size="small" variant="outlined" label={KIND_LABELS[lesson.kind]} />
      {!lesson.is_required && <Chip size="small" variant="outlined" label="Optional" />}
      {actions && (
        <>
          {lesson.kind === "quiz" && (
            <LinkButton
              size="small"
              href={actions.quizSettingsHref(lesson)}
              aria-label={`Quiz settings of ${lesson.title}`}
              sx={{ flexShrink: 0 }}
            >
              Quiz settings
            </LinkButton>
          )}
          <IconButton
            size="small"
            aria-label={`Edit lesson ${lesson.title}`}
            onClick={() => actions.onEditLesson(lesson)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Delete lesson ${lesson.title}`}
            onClick={() => actions.onDeleteLesson(lesson)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </Box>
  );
}

/** An empty module still accepts lessons: its drop zone is a target of its own. */
function EmptyModuleDropZone({ moduleId }: { moduleId: string }) {
  const { setNodeRef, isOver } = useDroppable({ id: dragId({ type: "container", id: moduleId }) });
  return (
    <Box
      ref={setNodeRef}
      sx={{
        ml: { sm: 5 },
        mt: 1,
        p: 1.5,
        border: 1,
        borderStyle: "dashed",
        borderColor: isOver ? "primary.main" : "divider",
        borderRadius: 1,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        No lessons yet. Add one, or drop a lesson here.
      </Typography>
    </Box>
  );
}
