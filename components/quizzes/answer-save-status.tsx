"use client";

import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import type { AnswerQueueState } from "@/components/quizzes/answer-queue";

/**
 * "Saving…" / "All answers saved", and a visible warning while answers are not saved and sending fails,
 * as the SCORM player's save status says it (components/scorm/save-status.tsx).
 */
export function AnswerSaveStatus({ state }: { state: AnswerQueueState }) {
  // A replaced window says so in its own panel; nothing here is "saved" any more.
  if (state.replaced || state.ended) return null;
  return (
    <>
      {state.failing && state.pending > 0 && (
        <Alert severity="warning" role="alert">
          Not saved yet: {state.pending} {state.pending === 1 ? "answer is" : "answers are"} kept on this device and
          will be sent when the connection is back.
        </Alert>
      )}
      {state.refusal && (
        <Alert severity="error" role="alert">
          An answer was not saved: {state.refusal}
        </Alert>
      )}
      {!state.stored && (
        <Alert severity="error" role="alert">
          This browser would not let us keep your answers on this device. Stay on this page until it says “All answers
          saved”.
        </Alert>
      )}
      <Typography role="status" aria-live="polite" variant="body2" sx={{ color: "text.secondary" }}>
        {state.pending > 0 ? (state.failing ? "Answers queued on this device" : "Saving…") : "All answers saved"}
      </Typography>
    </>
  );
}
