import type { ReactNode } from "react";
import { courseCardData, type CourseCardData } from "@/components/learning/course-card";
import { CourseCardGrid } from "@/components/learning/course-card-grid";
import styles from "@/components/learning/learner-dashboard.module.css";
import { EmptyState } from "@/components/shell/empty-state";
import { ButtonLink } from "@/components/ui/button-link";
import { Pagination } from "@/components/ui/pagination";
import type { DashboardCourseJson } from "@/lib/server/enrollments/dashboard";
import type { DashboardPage } from "@/lib/server/enrollments/dashboard-page";
import { lessonPath } from "@/components/learning/paths";

/**
 * The learner's dashboard: "Continue where you left off", "My courses" (those still to finish, in pages
 * as links), the certificates (when there are any), "Recently completed". A completed course is shown
 * once, among the completed ones.
 */
export function LearnerDashboard({
  dashboard,
  certificates,
}: {
  dashboard: Omit<DashboardPage, "certificates">;
  certificates?: ReactNode;
}) {
  const next = dashboard.continue;
  const inProgress = dashboard.inProgress;
  return (
    <div className={styles.sections}>
      <Section title="Continue where you left off">
        {next ? (
          <div className={styles.continue}>
            <div>
              <span className={styles.overline}>{next.course_title}</span>
              <p className={styles.lesson}>{next.lesson_title}</p>
            </div>
            <ButtonLink href={lessonPath(next.course_id, next.module_id, next.lesson_id)} icon="resume">
              Resume lesson
            </ButtonLink>
          </div>
        ) : (
          <p className={styles.muted}>
            Nothing to continue yet: open a lesson of one of your courses and it will wait for you here.
          </p>
        )}
      </Section>
      <Section title="My courses">
        {inProgress.total === 0 ? (
          <EmptyState
            title="No courses in progress"
            description="Browse the course catalog to find something to learn."
            action={{ label: "Browse courses", href: "/search" }}
          />
        ) : (
          <>
            <CourseCardGrid label="My courses" cards={inProgress.items.map(enrolledCourseCard)} />
            {inProgress.pageCount > 1 && (
              <Pagination
                className={styles.pages}
                page={inProgress.page}
                count={inProgress.pageCount}
                hrefFor={(page) => (page === 1 ? "/dashboard" : `/dashboard?page=${page}`)}
              />
            )}
          </>
        )}
      </Section>
      {certificates && <Section title="My certificates">{certificates}</Section>}
      <Section title="Recently completed">
        {dashboard.recentlyCompleted.length === 0 ? (
          <p className={styles.muted}>No completed courses yet.</p>
        ) : (
          <CourseCardGrid label="Recently completed" cards={dashboard.recentlyCompleted.map(enrolledCourseCard)} />
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      {children}
    </section>
  );
}

function enrolledCourseCard({ id, course, ...enrollment }: DashboardCourseJson): CourseCardData {
  return {
    ...courseCardData(course),
    id,
    progress: {
      percent: enrollment.progress_percent,
      completedAt: enrollment.completed_at,
      scorePercent: enrollment.score_percent,
    },
  };
}
