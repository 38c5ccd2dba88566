import { redirect } from "next/navigation";
import { lessonPath } from "@/components/learning/paths";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { loadContentOrDeny } from "@/app/(app)/courses/content-guard";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { getContinueLesson } from "@/lib/server/progress/player";

export const metadata = { title: "Course player · Learning Management" };

/** Continue the course: the last lesson opened, else the first not completed, else the first. */
export default async function LearnPage({ params }: { params: Promise<{ courseId: string }> }) {
  const caller = await guardSignedInPage("/courses/[courseId]/learn");
  const { courseId } = await params;
  const target = await loadContentOrDeny(getContinueLesson(caller.ctx, courseId));
  if (target) redirect(lessonPath(courseId, target.module_id, target.lesson_id));
  return (
    <>
      <PageHeader title="Course player" />
      <EmptyState
        title="This course has no lessons yet"
        description="Lessons appear here as soon as the instructor adds them."
        action={{ label: "Back to the course", href: `/courses/${courseId}` }}
      />
    </>
  );
}
