"use client";

import { useIsHydrated } from "@/components/hooks/use-browser";
import { courseEnrollmentsPath, fetchCourseData } from "@/components/learning/course-api";
import styles from "@/components/learning/course-page.module.css";
import { useCourseAction } from "@/components/learning/use-course-action";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Self-enrollment: POST without a body, then the page re-renders as enrolled. */
export function EnrollButton({ courseId }: { courseId: string }) {
  const hydrated = useIsHydrated();
  const { run, pending, error } = useCourseAction();
  const enroll = () =>
    run(() => fetchCourseData(courseId, courseEnrollmentsPath(courseId), { method: "POST", retryOnTimeout: false }));
  return (
    <div className={styles.action}>
      <Button size="large" onClick={() => void enroll()} disabled={!hydrated || pending}>
        Enroll
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </div>
  );
}
