import styles from "@/components/learning/lesson-list.module.css";

/** A lesson's title in an outline; a completed one says so to screen readers (the check mark is hidden). */
export function LessonTitle({ title, completed }: { title: string; completed: boolean }) {
  return (
    <>
      {title}
      {completed && <span className={styles.visuallyHidden}> (completed)</span>}
    </>
  );
}
