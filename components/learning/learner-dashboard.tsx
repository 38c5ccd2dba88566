import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { CourseCard, CourseGrid } from "@/components/learning/course-card";
import { ProgressSummary } from "@/components/learning/progress-summary";
import { LinkButton } from "@/components/navigation/link-components";
import { EmptyState } from "@/components/shell/empty-state";
import type { DashboardCourseJson, DashboardJson } from "@/lib/server/enrollments/dashboard";
import { lessonPath } from "@/components/learning/paths";

/** The learner's dashboard: "Continue where you left off", "My courses", "Recently completed". */
export function LearnerDashboard({ dashboard }: { dashboard: DashboardJson }) {
  const next = dashboard.continue;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 4 }}>
      <Section title="Continue where you left off">
        {next ? (
          <Card variant="outlined">
            <CardContent
              sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 2 }}
            >
              <Box>
                <Typography variant="overline" sx={{ color: "text.secondary" }}>
                  {next.course_title}
                </Typography>
                <Typography variant="h6" component="p">
                  {next.lesson_title}
                </Typography>
              </Box>
              <LinkButton
                href={lessonPath(next.course_id, next.module_id, next.lesson_id)}
                variant="contained"
                startIcon={<PlayCircleOutlineIcon />}
              >
                Resume lesson
              </LinkButton>
            </CardContent>
          </Card>
        ) : (
          <Typography sx={{ color: "text.secondary" }}>
            Nothing to continue yet: open a lesson of one of your courses and it will wait for you here.
          </Typography>
        )}
      </Section>
      <Section title="My courses">
        {dashboard.courses.length === 0 ? (
          <EmptyState
            title="No courses in progress"
            description="Browse the course catalog to find something to learn."
            action={{ label: "Browse courses", href: "/search" }}
          />
        ) : (
          <CourseGrid label="My courses">
            {dashboard.courses.map((c) => (
              <EnrolledCourseCard key={c.id} enrollment={c} />
            ))}
          </CourseGrid>
        )}
      </Section>
      <Section title="Recently completed">
        {dashboard.recently_completed.length === 0 ? (
          <Typography sx={{ color: "text.secondary" }}>No completed courses yet.</Typography>
        ) : (
          <CourseGrid label="Recently completed">
            {dashboard.recently_completed.map((c) => (
              <EnrolledCourseCard key={c.id} enrollment={c} />
            ))}
          </CourseGrid>
        )}
      </Section>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function EnrolledCourseCard({ enrollment }: { enrollment: DashboardCourseJson }) {
  const { course } = enrollment;
  return (
    <CourseCard
      href={`/courses/${course.id}`}
      title={course.title}
      thumbnailUrl={course.thumbnail_url}
      category={course.category}
      lessonCount={course.lesson_count}
    >
      <ProgressSummary
        percent={enrollment.progress_percent}
        label={course.title}
        completedAt={enrollment.completed_at}
        scorePercent={enrollment.score_percent}
      />
    </CourseCard>
  );
}
