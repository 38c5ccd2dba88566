"use client";

import Link from "@/components/navigation/link";
import styles from "@/components/learning/lesson-list.module.css";
import { LessonTitle } from "@/components/learning/lesson-title";
import { lessonPath } from "@/components/learning/paths";
import { lessonResultText } from "@/components/learning/lesson-result";
import type { OutlineModuleState } from "@/lib/server/progress/player";

const KIND_LABELS = { text: "Text", video: "Video", file: "File", scorm: "SCORM", cmi5: "cmi5", quiz: "Quiz" } as const;

/**
 * The overview's outline: lessons link to the player once the caller may open them. A client component
 * given the lessons as values, as long lists are (docs/architecture.md, "Lists drawn from values").
 */
export function CourseOutline({
  courseId,
  modules,
  linked,
}: {
  courseId: string;
  modules: OutlineModuleState[];
  linked: boolean;
}) {
  return (
    <section aria-label="Course outline">
      {modules.map((m) => (
        <ul key={m.id} className={styles.list} aria-label={m.title}>
          <li className={styles.subheader}>{m.title}</li>
          {m.lessons.map((l) => {
            const completed = l.status === "completed";
            const details = [
              KIND_LABELS[l.kind],
              l.is_required ? null : "optional",
              l.progress_percent === null ? null : `${l.progress_percent}% done`,
              lessonResultText(l),
            ]
              .filter(Boolean)
              .join(" · ");
            const rowClass = `${styles.row} ${styles.mark}${completed ? ` ${styles.done}` : ""}`;
            const content = (
              <span className={`${styles.text} ${styles.twoLines}`}>
                <span className={styles.primary}>
                  <LessonTitle title={l.title} completed={completed} />
                </span>
                <span className={styles.secondary}>{details}</span>
              </span>
            );
            // A link is a list item's content, never the item itself: a <ul> holds only <li>s.
            return (
              <li key={l.id}>
                {linked ? (
                  <Link href={lessonPath(courseId, l.module_id, l.id)} className={rowClass}>
                    {content}
                  </Link>
                ) : (
                  <div className={rowClass}>{content}</div>
                )}
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
    </section>
  );
}
