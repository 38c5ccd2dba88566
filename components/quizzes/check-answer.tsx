"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { ReviewQuestionJson } from "@/components/quizzes/quiz-api";
import { ReviewDetails } from "@/components/quizzes/review-details";
import { failureMessage } from "@/lib/client/spec-calls";

/**
 * Under a question of a quiz that shows its review immediately: "Check", which keeps the answer as it is
 * and shows its right answer and feedback as the policy allows; once checked, those parts.
 */
export function CheckAnswer({
  checked,
  review,
  answered,
  disabled,
  onCheck,
}: {
  checked: boolean;
  /** The checked question's review parts; undefined while they load. */
  review: ReviewQuestionJson | undefined;
  answered: boolean;
  disabled: boolean;
  onCheck: () => Promise<void>;
}) {
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (checked)
    return review ? (
      <Box sx={{ mt: 2 }}>
        <ReviewDetails question={review} showResponse={false} />
      </Box>
    ) : (
      <Skeleton variant="rounded" height={48} sx={{ mt: 2 }} role="status" aria-label="Loading the feedback" />
    );
  const check = async () => {
    setChecking(true);
    setError(null);
    try {
      await onCheck();
    } catch (failure) {
      setError(failureMessage(failure, "Failed to check the answer"));
    } finally {
      setChecking(false);
    }
  };
  return (
    <Box sx={{ mt: 2, display: "flex", flexDirection: "column", gap: 1, alignItems: "flex-start" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Button variant="outlined" onClick={check} disabled={disabled || !answered || checking}>
          {checking ? "Checking…" : "Check"}
        </Button>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          Once checked, this answer can no longer change.
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Box>
  );
}
