import { Alert } from "@/components/ui/alert";

/** Editors may open every lesson without being enrolled; nothing they do here is recorded. */
export function PreviewNotice() {
  return <Alert severity="info">Preview: you are not enrolled in this course, so your progress is not recorded.</Alert>;
}
