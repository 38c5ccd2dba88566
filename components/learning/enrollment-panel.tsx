import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { EnrollButton } from "@/components/learning/enroll-button";
import { LeaveCourseButton } from "@/components/learning/leave-course-button";
import { learnPath } from "@/components/learning/paths";
import { ProgressSummary } from "@/components/learning/progress-summary";
import { LinkButton } from "@/components/navigation/link-components";
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
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
          {enrolled ? (
            <>
              <Typography variant="h6" component="h2">
                {enrollment.status === "completed" ? "Course completed" : "Your progress"}
              </Typography>
              <ProgressSummary
                percent={enrollment.progress_percent}
                label={course.title}
                completedAt={enrollment.completed_at}
              />
              <LinkButton href={learnPath(course.id)} variant="contained" size="large" startIcon={<PlayArrowIcon />}>
                {started ? "Continue" : "Start course"}
              </LinkButton>
              <LeaveCourseButton courseId={course.id} enrollmentId={enrollment.id} />
            </>
          ) : (
            <>
              <Typography variant="h6" component="h2">
                Enrollment
              </Typography>
              {enrollment?.status === "withdrawn" && (
                <Typography>You left this course. Enroll again to pick up where you stopped.</Typography>
              )}
              {canSelfEnroll ? (
                <EnrollButton courseId={course.id} />
              ) : (
                <Typography sx={{ color: "text.secondary" }}>{closedReason(course)}</Typography>
              )}
              {state.can_view_content && (
                <LinkButton href={learnPath(course.id)} variant="outlined">
                  Preview lessons
                </LinkButton>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function closedReason(course: CourseJson): string {
  if (course.status === "draft") return "This course is a draft: learners can enroll once it is published.";
  if (course.status === "archived") return "This course is archived and no longer takes new learners.";
  return "Enrollment in this course is managed by its instructors.";
}
