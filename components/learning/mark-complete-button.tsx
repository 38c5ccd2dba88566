"use client";

import { useIsHydrated } from "@/components/hooks/use-browser";
import { fetchCourseData, lessonProgressPath } from "@/components/learning/course-api";
import styles from "@/components/learning/lesson-page.module.css";
import { useCourseAction } from "@/components/learning/use-course-action";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";

/** Manual completion (text and file lessons, and videos the page cannot follow), with a way back. */
export function MarkCompleteButton({
  courseId,
  lessonId,
  completed,
}: {
  courseId: string;
  lessonId: string;
  completed: boolean;
}) {
  const hydrated = useIsHydrated();
  const { run, pending, error } = useCourseAction();
  const save = (value: boolean) =>
    run(() =>
      fetchCourseData(courseId, lessonProgressPath(courseId, lessonId), {
        method: "PUT",
        body: { completed: value },
        retryOnTimeout: false,
      }),
    );
  return (
    <div className={styles.completion}>
      {completed ? (
        <>
          <span className={styles.chip}>
            <Icon name="completed" className={styles.chipIcon} />
            <span className={styles.chipLabel}>Completed</span>
          </span>
          <Button variant="text" onClick={() => void save(false)} disabled={!hydrated || pending}>
            Mark incomplete
          </Button>
        </>
      ) : (
        <Button icon="completed" onClick={() => void save(true)} disabled={!hydrated || pending}>
          Mark complete
        </Button>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </div>
  );
}
