import { QuizGradingQueue } from "@/components/quizzes/quiz-grading-queue";
import { CourseNotice } from "@/components/courses/course-notice";
import { PageHeader } from "@/components/shell/page-header";
import { LinkButton } from "@/components/navigation/link-components";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getCourse } from "@/lib/server/courses/queries";
import { getGradingQueueView } from "@/lib/server/quizzes/grading-view";

export const metadata = { title: "Grading queue · Learning Management" };

type Props = { params: Promise<{ courseId: string }> };

export default async function GradingQueuePage({ params }: Props) {
  const caller = await guardSignedInPage("/admin/courses/[courseId]/grading");
  const { courseId } = await params;
  const course = await loadOrNotFound(getCourse(caller.ctx, courseId));
  if (!course.can_edit) return <CourseNotice title={course.title} />;
  const rows = await getGradingQueueView(caller.ctx, courseId);
  return (
    <>
      <PageHeader
        title="Grading queue"
        subtitle={`${course.title}: quiz attempts with answers waiting for a person`}
        actions={
          <LinkButton href={`/admin/courses/${courseId}?tab=outline`} variant="outlined">
            Back to the course
          </LinkButton>
        }
      />
      <QuizGradingQueue courseId={courseId} rows={rows} />
    </>
  );
}
