"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useIsHydrated } from "@/components/hooks/use-browser";
import { courseEnrollmentsPath, fetchCourseData } from "@/components/learning/course-api";
import { useCourseAction } from "@/components/learning/use-course-action";

/** Self-enrollment: POST without a body, then the page re-renders as enrolled. */
export function EnrollButton({ courseId }: { courseId: string }) {
  const hydrated = useIsHydrated();
  const { run, pending, error } = useCourseAction();
  const enroll = () =>
    run(() => fetchCourseData(courseId, courseEnrollmentsPath(courseId), { method: "POST", retryOnTimeout: false }));
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 1 }}>
      <Button variant="contained" size="large" onClick={enroll} disabled={!hydrated || pending}>
        Enroll
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}
