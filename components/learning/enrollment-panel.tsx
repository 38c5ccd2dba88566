import styles from "@/components/learning/course-page.module.css";
import { EnrollButton } from "@/components/learning/enroll-button";
import { LeaveCourseButton } from "@/components/learning/leave-course-button";
import { learnPath } from "@/components/learning/paths";
import { ProgressSummary } from "@/components/learning/progress-summary";
import { ButtonLink } from "@/components/ui/button-link";
import type { CourseJson } from "@/lib/server/courses/json";
import type { LearnerCourseState } from "@/lib/server/progress/player";

/** The learner's standing in a course: enroll, or progress with "Start course" / "Continue". */
export function EnrollmentPanel({ course, state }: { course: CourseJson; state: LearnerCourseState }) {
  const enrollment = state.enrollment;
  const enrolled = enrollment !== null && enrollment.status !== "withdrawn";
  const canSelfEnroll = course.status === "published" && course.allow_self_enrollment;
  const started =
    enrollment !== null &&
    (enrollment.last_lesson_id !== null ||
      state.modules.some((m) => m.lessons.some((l) => l.status !== "not_started")));
  return (
    <div className={styles.panel}>
      <div className={styles.panelContent}>
        {enrolled ? (
          <>
            <h2 className={styles.panelHeading}>
              {enrollment.status === "completed" ? "Course completed" : "Your progress"}
            </h2>
            <ProgressSummary
              percent={enrollment.progress_percent}
              label={course.title}
              completedAt={enrollment.completed_at}
            />
            <ButtonLink href={learnPath(course.id)} size="large" icon="play">
              {started ? "Continue" : "Start course"}
            </ButtonLink>
            <LeaveCourseButton courseId={course.id} enrollmentId={enrollment.id} />
          </>
        ) : (
          <>
            <h2 className={styles.panelHeading}>Enrollment</h2>
            {enrollment?.status === "withdrawn" && (
              <p className={styles.text}>You left this course. Enroll again to pick up where you stopped.</p>
            )}
            {canSelfEnroll ? (
              <EnrollButton courseId={course.id} />
            ) : (
              <p className={styles.secondary}>{closedReason(course)}</p>
            )}
            {state.can_view_content && (
              <ButtonLink href={learnPath(course.id)} variant="outlined">
                Preview lessons
              </ButtonLink>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function closedReason(course: CourseJson): string {
  if (course.status === "draft") return "This course is a draft: learners can enroll once it is published.";
  if (course.status === "archived") return "This course is archived and no longer takes new learners.";
  return "Enrollment in this course is managed by its instructors.";
}
