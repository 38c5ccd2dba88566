"use client";

import { useIsHydrated } from "@/components/hooks/use-browser";
import { fetchCourseData } from "@/components/learning/course-api";
import { useCourseAction } from "@/components/learning/use-course-action";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Withdraws the learner's own enrollment; their progress stays and comes back if they enroll again. */
export function LeaveCourseButton({ courseId, enrollmentId }: { courseId: string; enrollmentId: string }) {
  const hydrated = useIsHydrated();
  const { run, pending, error } = useCourseAction();
  const leave = () => {
    if (!window.confirm("Leave this course? Your progress is kept if you enroll again.")) return;
    void run(() =>
      fetchCourseData(courseId, `/api/enrollments/${enrollmentId}`, { method: "DELETE", retryOnTimeout: false }),
    );
  };
  return (
    <>
      <Button variant="text" size="small" inherit onClick={leave} disabled={!hydrated || pending}>
        Leave course
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </>
  );
}
