import { VisuallyHidden } from "@/components/ui/visually-hidden";

/** A lesson's title in an outline; a completed one says so to screen readers (the check mark is hidden). */
export function LessonTitle({ title, completed }: { title: string; completed: boolean }) {
  return (
    <>
      {title}
      {completed && <VisuallyHidden> (completed)</VisuallyHidden>}
    </>
  );
}
