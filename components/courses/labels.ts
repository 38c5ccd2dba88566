import type { CourseStatus } from "@/lib/schemas/courses";

export const STATUS_LABELS: Record<CourseStatus, string> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};

// Plain data, not in a "use client" module: the editor's server page reads it to pick the tab from ?tab=.
export const EDITOR_TABS = ["details", "outline", "enrollments"] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];
