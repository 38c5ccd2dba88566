import { notFound } from "next/navigation";
import { QuizGradingAttempt } from "@/components/quizzes/quiz-grading-attempt";
import { CourseNotice } from "@/components/courses/course-notice";
import { PageHeader } from "@/components/shell/page-header";
import { LinkButton } from "@/components/navigation/link-components";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getCourse } from "@/lib/server/courses/queries";
import { AppError } from "@/lib/errors";
import { getAttemptForGrading } from "@/lib/server/quizzes/grading-view";

export const metadata = { title: "Grade an attempt · Learning Management" };

type Props = { params: Promise<{ courseId: string; attemptId: string }> };

export default async function GradeAttemptPage({ params }: Props) {
  const caller = await guardSignedInPage("/admin/courses/[courseId]/grading/[attemptId]");
  const { courseId, attemptId } = await params;
  const course = await loadOrNotFound(getCourse(caller.ctx, courseId));
  if (!course.can_edit) return <CourseNotice title={course.title} />;
  // An attempt of a course the caller does not edit is no page of theirs (its course says so, not this one).
  const attempt = await loadOrNotFound(getAttemptForGrading(caller.ctx, attemptId).catch(forbiddenAsNotFound));
  // The attempt is found through its own course: one of another course is not this page's.
  if (attempt.course_id !== courseId) notFound();
  return (
    <>
      <PageHeader
        title={`${attempt.learner_name}: ${attempt.lesson_title}, attempt ${attempt.number}`}
        subtitle={attempt.learner_email}
        actions={
          <LinkButton href={`/admin/courses/${courseId}/grading`} variant="outlined">
            Grading queue
          </LinkButton>
        }
      />
      <QuizGradingAttempt attempt={attempt} />
    </>
  );
}

function forbiddenAsNotFound(error: unknown): never {
  if (error instanceof AppError && error.code === "FORBIDDEN")
    throw new AppError("NOT_FOUND", "Quiz attempt not found");
  throw error;
}
