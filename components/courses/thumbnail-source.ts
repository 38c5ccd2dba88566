import type { CourseSummaryJson } from "@/components/courses/types";

export type LoadState = "checking" | "loads" | "broken";
export type ThumbnailSourceKind = "uploaded" | "none" | "external";

const LABELS: Record<ThumbnailSourceKind, string> = {
  uploaded: "Uploaded",
  none: "None: generated placeholder",
  external: "External",
};

/** Where a course's thumbnail comes from: an upload of ours, nothing (the generated placeholder), or an external URL. */
export function thumbnailSource(course: Pick<CourseSummaryJson, "has_thumbnail" | "thumbnail_url">): {
  kind: ThumbnailSourceKind;
  label: string;
  stored: string | null;
} {
  const kind: ThumbnailSourceKind = !course.has_thumbnail
    ? "none"
    : course.thumbnail_url.startsWith("/")
      ? "uploaded"
      : "external";
  return { kind, label: LABELS[kind], stored: course.has_thumbnail ? course.thumbnail_url : null };
}
