"use client";

import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { LessonDialog } from "@/components/courses/lesson-dialog";
import { ModuleDialog } from "@/components/courses/module-dialog";
import type { NoticeState } from "@/components/feedback/notice";
import {
  addLesson,
  addModule,
  findLesson,
  removeLesson,
  removeModule,
  updateLesson,
  updateModule,
  type Outline,
} from "@/components/courses/outline-state";
import type { LessonJson, OutlineLessonJson, OutlineModuleJson } from "@/components/courses/types";
import { apiDelete } from "@/lib/client/api";

export type OutlineDialog =
  | { type: "module"; module?: OutlineModuleJson }
  | { type: "lesson"; moduleId: string; lesson: LessonJson | null }
  | { type: "delete-module"; module: OutlineModuleJson }
  | { type: "delete-lesson"; lesson: OutlineLessonJson };

interface Props {
  courseId: string;
  dialog: OutlineDialog | null;
  outline: Outline;
  onChange: (outline: Outline) => void;
  onNotice: (notice: NoticeState) => void;
  onClose: () => void;
}

/** The outline's add / edit / delete dialogs; each applies its server answer to the outline. */
export function OutlineDialogs({ courseId, dialog, outline, onChange, onNotice, onClose }: Props) {
  if (!dialog) return null;
  switch (dialog.type) {
    case "module":
      return (
        <ModuleDialog
          courseId={courseId}
          module={dialog.module}
          onClose={onClose}
          onSaved={(module) => {
            onChange(dialog.module ? updateModule(outline, module) : addModule(outline, module));
            onNotice({ severity: "success", message: dialog.module ? "Module saved" : "Module added" });
          }}
        />
      );
    case "lesson":
      return (
        <LessonDialog
          courseId={courseId}
          moduleId={dialog.moduleId}
          lesson={dialog.lesson}
          onClose={onClose}
          onSaved={(lesson) => {
            onChange(findLesson(outline, lesson.id) ? updateLesson(outline, lesson) : addLesson(outline, lesson));
            onNotice({ severity: "success", message: "Lesson saved" });
          }}
        />
      );
    case "delete-module":
      return (
        <ConfirmDialog
          title="Delete module?"
          message={`"${dialog.module.title}" and its ${dialog.module.lessons.length} lesson(s) will be deleted, with the learners' progress in them. This cannot be undone.`}
          onClose={onClose}
          onConfirm={async () => {
            await apiDelete(`/api/courses/${courseId}/modules/${dialog.module.id}`);
            onChange(removeModule(outline, dialog.module.id));
            onNotice({ severity: "success", message: "Module deleted" });
          }}
        />
      );
    case "delete-lesson":
      return (
        <ConfirmDialog
          title="Delete lesson?"
          message={`"${dialog.lesson.title}" will be deleted, with the learners' progress in it. This cannot be undone.`}
          onClose={onClose}
          onConfirm={async () => {
            await apiDelete(`/api/courses/${courseId}/lessons/${dialog.lesson.id}`);
            onChange(removeLesson(outline, dialog.lesson.id));
            onNotice({ severity: "success", message: "Lesson deleted" });
          }}
        />
      );
  }
}
