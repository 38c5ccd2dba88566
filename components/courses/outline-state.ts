import type { ReorderOutlineInput } from "@/lib/schemas/outline";
import type { LessonJson, ModuleJson, OutlineLessonJson, OutlineModuleJson } from "@/components/courses/types";

// The outline editor's state as pure functions: what a drag, a dialog or a failed save does to the list.
// Every function returns a new array (React state) with positions renumbered from 1 and each lesson's
// module_id matching the module it sits in, exactly what the server will store.

export type Outline = OutlineModuleJson[];

/** dnd-kit ids are one namespace for modules, lessons and empty-module drop zones, so they carry a type. */
export type DragRef = { type: "module" | "lesson" | "container"; id: string };

export const dragId = (ref: DragRef): string => `${ref.type}:${ref.id}`;

export function parseDragId(value: string | number | null | undefined): DragRef | null {
  if (typeof value !== "string") return null;
  const [type, id] = value.split(":");
  if ((type === "module" || type === "lesson" || type === "container") && id) return { type, id };
  return null;
}

function renumber(modules: Outline): Outline {
  return modules.map((module, m) => ({
    ...module,
    position: m + 1,
    lessons: module.lessons.map((lesson, l) => ({ ...lesson, module_id: module.id, position: l + 1 })),
  }));
}

function arrayMove<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [moved] = copy.splice(from, 1);
  if (moved !== undefined) copy.splice(to, 0, moved);
  return copy;
}

export function findLesson(modules: Outline, lessonId: string): { moduleIndex: number; lessonIndex: number } | null {
  for (const [moduleIndex, module] of modules.entries()) {
    const lessonIndex = module.lessons.findIndex((l) => l.id === lessonId);
    if (lessonIndex >= 0) return { moduleIndex, lessonIndex };
  }
  return null;
}

/** Puts module `activeId` where module `overId` is (sortable semantics: the others shift). */
export function moveModule(modules: Outline, activeId: string, overId: string): Outline {
  const from = modules.findIndex((m) => m.id === activeId);
  const to = modules.findIndex((m) => m.id === overId);
  if (from < 0 || to < 0 || from === to) return modules;
  return renumber(arrayMove(modules, from, to));
}

/** Moves a lesson to `toIndex` (clamped) of module `toModuleId`, within its module or into another. */
export function moveLesson(modules: Outline, lessonId: string, toModuleId: string, toIndex: number): Outline {
  const source = findLesson(modules, lessonId);
  const targetModuleIndex = modules.findIndex((m) => m.id === toModuleId);
  if (!source || targetModuleIndex < 0) return modules;
  const lesson = modules[source.moduleIndex]!.lessons[source.lessonIndex]!;
  const without = modules.map((m, i) =>
    i === source.moduleIndex ? { ...m, lessons: m.lessons.filter((l) => l.id !== lessonId) } : m,
  );
  const target = without[targetModuleIndex]!;
  const index = Math.max(0, Math.min(toIndex, target.lessons.length));
  if (source.moduleIndex === targetModuleIndex && index === source.lessonIndex) return modules;
  const lessons = [...target.lessons.slice(0, index), lesson, ...target.lessons.slice(index)];
  return renumber(without.map((m, i) => (i === targetModuleIndex ? { ...m, lessons } : m)));
}

/**
 * A dragged lesson is over `over`: another lesson (take its place; `after` places it below that lesson,
 * for a drag entering a module from above), an empty module's drop zone or a module (its end).
 */
export function moveLessonOver(modules: Outline, lessonId: string, over: DragRef, after = false): Outline {
  const source = findLesson(modules, lessonId);
  if (!source) return modules;
  if (over.type === "lesson") {
    if (over.id === lessonId) return modules;
    const target = findLesson(modules, over.id);
    if (!target) return modules;
    const toModuleId = modules[target.moduleIndex]!.id;
    if (target.moduleIndex === source.moduleIndex) return moveLesson(modules, lessonId, toModuleId, target.lessonIndex);
    return moveLesson(modules, lessonId, toModuleId, target.lessonIndex + (after ? 1 : 0));
  }
  const target = modules.find((m) => m.id === over.id);
  if (!target || target.id === modules[source.moduleIndex]!.id) return modules;
  return moveLesson(modules, lessonId, target.id, target.lessons.length);
}

/** The outline once `active` is dropped on `over`: what a drop does, and what a screen reader hears while dragging. */
export function dropResult(modules: Outline, active: DragRef | null, over: DragRef | null): Outline {
  if (!active || !over) return modules;
  if (active.type === "module" && over.type === "module") return moveModule(modules, active.id, over.id);
  if (active.type === "lesson" && over.type !== "module") return moveLessonOver(modules, active.id, over);
  return modules;
}

/** The body of PUT /api/courses/{id}/outline: every module and lesson, each once, in the new order. */
export function toReorderPayload(modules: Outline): ReorderOutlineInput {
  return { modules: modules.map((m) => ({ id: m.id, lesson_ids: m.lessons.map((l) => l.id) })) };
}

export function sameOrder(a: Outline, b: Outline): boolean {
  return JSON.stringify(toReorderPayload(a)) === JSON.stringify(toReorderPayload(b));
}

/** Where an item sits, for screen-reader announcements ("position 2 of 3 in Basics"). */
export function describePosition(modules: Outline, ref: DragRef): string {
  if (ref.type === "lesson") {
    const at = findLesson(modules, ref.id);
    if (!at) return "";
    const parent = modules[at.moduleIndex]!;
    return `position ${at.lessonIndex + 1} of ${parent.lessons.length} in module ${parent.title}`;
  }
  const index = modules.findIndex((m) => m.id === ref.id);
  return index < 0 ? "" : `position ${index + 1} of ${modules.length}`;
}

export function titleOf(modules: Outline, ref: DragRef): string {
  if (ref.type === "lesson") {
    const at = findLesson(modules, ref.id);
    return at ? modules[at.moduleIndex]!.lessons[at.lessonIndex]!.title : "";
  }
  return modules.find((m) => m.id === ref.id)?.title ?? "";
}

// ───────────────────── dialogs: add, edit, delete ─────────────────────

export function addModule(modules: Outline, module: ModuleJson): Outline {
  return renumber([...modules, { ...module, lessons: [] }]);
}

export function updateModule(modules: Outline, module: ModuleJson): Outline {
  return modules.map((m) => (m.id === module.id ? { ...m, title: module.title, description: module.description } : m));
}

export function removeModule(modules: Outline, moduleId: string): Outline {
  return renumber(modules.filter((m) => m.id !== moduleId));
}

function outlineLesson(lesson: LessonJson | OutlineLessonJson): OutlineLessonJson {
  const { id, module_id, title, kind, position, is_required, duration_seconds } = lesson;
  return { id, module_id, title, kind, position, is_required, duration_seconds };
}

export function addLesson(modules: Outline, lesson: LessonJson | OutlineLessonJson): Outline {
  return renumber(
    modules.map((m) => (m.id === lesson.module_id ? { ...m, lessons: [...m.lessons, outlineLesson(lesson)] } : m)),
  );
}

export function updateLesson(modules: Outline, lesson: LessonJson | OutlineLessonJson): Outline {
  return modules.map((m) => ({
    ...m,
    lessons: m.lessons.map((l) =>
      l.id === lesson.id ? { ...outlineLesson(lesson), module_id: l.module_id, position: l.position } : l,
    ),
  }));
}

export function removeLesson(modules: Outline, lessonId: string): Outline {
  return renumber(modules.map((m) => ({ ...m, lessons: m.lessons.filter((l) => l.id !== lessonId) })));
}
