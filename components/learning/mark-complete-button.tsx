"use client";

import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import { useIsHydrated } from "@/components/hooks/use-browser";
import { fetchCourseData, lessonProgressPath } from "@/components/learning/course-api";
import { useCourseAction } from "@/components/learning/use-course-action";

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
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
      {completed ? (
        <>
          <Chip icon={<CheckCircleIcon />} color="success" label="Completed" />
          <Button onClick={() => save(false)} disabled={!hydrated || pending}>
            Mark incomplete
          </Button>
        </>
      ) : (
        <Button
          variant="contained"
          startIcon={<CheckCircleIcon />}
          onClick={() => save(true)}
          disabled={!hydrated || pending}
        >
          Mark complete
        </Button>
      )}
      {error && (
        <Alert severity="error" sx={{ width: "100%" }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
