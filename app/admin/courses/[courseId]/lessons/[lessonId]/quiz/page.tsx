import { QuizSettingsEditor } from "@/components/quizzes/quiz-settings-editor";
import { CourseNotice } from "@/components/courses/course-notice";
import { PageHeader } from "@/components/shell/page-header";
import { LinkButton } from "@/components/navigation/link-components";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getCourse } from "@/lib/server/courses/queries";
import { getQuizEditorView } from "@/lib/server/quizzes/authoring";

export const metadata = { title: "Quiz settings · Learning Management" };

type Props = { params: Promise<{ courseId: string; lessonId: string }> };

export default async function QuizSettingsPage({ params }: Props) {
  const caller = await guardSignedInPage("/admin/courses/[courseId]/lessons/[lessonId]/quiz");
  const { courseId, lessonId } = await params;
  const course = await loadOrNotFound(getCourse(caller.ctx, courseId));
  if (!course.can_edit) return <CourseNotice title={course.title} />;
  const view = await loadOrNotFound(getQuizEditorView(caller.ctx, courseId, lessonId));
  if (!view)
    return (
      <CourseNotice title={course.title} severity="info">
        This lesson is not a quiz.
      </CourseNotice>
    );
  const base = `/admin/courses/${courseId}`;
  return (
    <>
      <PageHeader
        title={`Quiz settings: ${view.lesson_title}`}
        subtitle={course.title}
        actions={
          <>
            <LinkButton href={`${base}/lessons/${lessonId}/quiz/statistics`} variant="outlined">
              Statistics
            </LinkButton>
            <LinkButton href={`${base}?tab=outline`} variant="outlined">
              Back to the course
            </LinkButton>
          </>
        }
      />
      <QuizSettingsEditor
        courseId={courseId}
        lessonId={lessonId}
        lessonTitle={view.lesson_title}
        quiz={view.quiz}
        names={{ questions: view.questions, banks: view.banks }}
      />
    </>
  );
}
