"use client";

import Link from "@/components/navigation/link";
import styles from "@/components/learning/lesson-list.module.css";
import { LessonTitle } from "@/components/learning/lesson-title";
import { lessonPath, coursePath } from "@/components/learning/paths";
import { ProgressSummary } from "@/components/learning/progress-summary";
import type { OutlineModuleState } from "@/lib/server/progress/player";

export interface CourseNavigationProps {
  course: { id: string; title: string };
  modules: OutlineModuleState[];
  currentLessonId: string;
  progressPercent: number | null;
}

/**
 * The player's sidebar: modules and lessons, completed ones checked, the current one highlighted. A client
 * component given the lessons as values (docs/architecture.md, "Lists drawn from values").
 */
export function CourseNavigation({ course, modules, currentLessonId, progressPercent }: CourseNavigationProps) {
  return (
    <nav aria-label="Course navigation" data-scorm-keep-visible="navigation" className={styles.navigation}>
      <div className={styles.navigationHead}>
        <Link href={coursePath(course.id)} className={styles.courseLink}>
          {course.title}
        </Link>
        {progressPercent !== null && <ProgressSummary percent={progressPercent} label={course.title} />}
      </div>
      {modules.map((m) => (
        <ul key={m.id} className={`${styles.list} ${styles.compact}`} aria-label={m.title}>
          <li className={styles.stickySubheader}>{m.title}</li>
          {m.lessons.map((l) => {
            const current = l.id === currentLessonId;
            const completed = l.status === "completed";
            return (
              <li key={l.id}>
                <Link
                  href={lessonPath(course.id, l.module_id, l.id)}
                  className={`${styles.row} ${styles.mark} ${completed ? styles.done : styles.notDone}`}
                  aria-current={current ? "page" : undefined}
                >
                  <span className={styles.singleLine}>
                    <LessonTitle title={l.title} completed={completed} />
                  </span>
                </Link>
              </li>
            );
          })}
          {m.lessons.length === 0 && (
            <li>
              <p className={styles.empty}>No lessons yet</p>
            </li>
          )}
        </ul>
      ))}
    </nav>
  );
}
