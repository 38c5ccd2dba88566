import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { QuizStatisticsView } from "@/components/quizzes/quiz-statistics-view";
import { CourseNotice } from "@/components/courses/course-notice";
import { PageHeader } from "@/components/shell/page-header";
import { LinkButton } from "@/components/navigation/link-components";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getCourse } from "@/lib/server/courses/queries";
import { getQuizStatisticsView } from "@/lib/server/quizzes/authoring";

export const metadata = { title: "Quiz statistics · Learning Management" };

type Props = { params: Promise<{ courseId: string; lessonId: string }> };

export default async function QuizStatisticsPage({ params }: Props) {
  const caller = await guardSignedInPage("/admin/courses/[courseId]/lessons/[lessonId]/quiz/statistics");
  const { courseId, lessonId } = await params;
  const course = await loadOrNotFound(getCourse(caller.ctx, courseId));
  if (!course.can_edit) return <CourseNotice title={course.title} />;
  const view = await loadOrNotFound(getQuizStatisticsView(caller.ctx, courseId, lessonId));
  if (!view)
    return (
      <CourseNotice title={course.title} severity="info">
        This lesson is not a quiz.
      </CourseNotice>
    );
  const statistics = view.statistics;
  return (
    <>
      <PageHeader
        title={`Statistics: ${view.lesson_title}`}
        subtitle={course.title}
        actions={
          <>
            {statistics && statistics.graded_attempts > 0 && (
              <Button
                variant="outlined"
                href={`/api/courses/${courseId}/lessons/${lessonId}/quiz/statistics/export`}
                download
              >
                Export CSV
              </Button>
            )}
            <LinkButton href={`/admin/courses/${courseId}/lessons/${lessonId}/quiz`} variant="outlined">
              Quiz settings
            </LinkButton>
          </>
        }
      />
      {statistics && statistics.graded_attempts > 0 ? (
        <QuizStatisticsView statistics={statistics} optionLabels={view.option_labels} />
      ) : (
        <Alert severity="info">
          No graded attempts yet. The figures appear once learners have submitted attempts and any essays are graded.
        </Alert>
      )}
    </>
  );
}
