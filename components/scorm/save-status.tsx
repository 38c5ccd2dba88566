"use client";

import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import type { CommitQueueState } from "@/lib/scorm/runtime/commit-queue/outbox";

/** How the visit is recorded: a preview (no attempt), a review of a finished attempt, or tracked. */
export type Recording = "preview" | "review" | "tracked";

/**
 * "Saving…" / "All progress saved", and a visible warning while progress is not saved and sending fails.
 * Content that did not start has recorded nothing: the player says so instead (`notStarted`).
 */
export function SaveStatus({
  state,
  recording,
  notStarted = false,
}: {
  state: CommitQueueState | null;
  recording: Recording;
  notStarted?: boolean;
}) {
  if (notStarted && !state?.superseded) {
    return (
      <Alert severity="error" role="alert">
        The content did not start: it has not connected to the learning platform, so nothing you do in it is recorded.
        Reload the page to try again; if it happens again, tell your administrator (the package may need files from the
        internet that cannot be reached from here).
      </Alert>
    );
  }
  if (recording === "preview") {
    return (
      <Alert severity="info" role="status">
        Preview: the content works, but nothing you do here is recorded.
      </Alert>
    );
  }
  if (recording === "review") {
    return (
      <Alert severity="info" role="status">
        Review: this attempt is finished. The content works, but nothing you do here is recorded.
      </Alert>
    );
  }
  // A player another window replaced says so in its own panel; nothing here is "saved" any more.
  if (!state || state.superseded) return null;
  return (
    <>
      {state.failing && state.pending > 0 && (
        <Alert severity="warning" role="alert">
          Your progress is not saved yet — we keep it on this device and retry.
        </Alert>
      )}
      {state.refusal && (
        <Alert severity="error" role="alert">
          {state.refusal}
        </Alert>
      )}
      {!state.stored && (
        <Alert severity="error" role="alert">
          This browser would not let us keep your progress on this device. Stay on this page until it says “All progress
          saved”.
        </Alert>
      )}
      {notStarted ? (
        <Alert severity="error" role="alert">
          The content did not start: it has not connected to the learning platform, so nothing you do in it is recorded.
          Reload the page to try again; if it happens again, tell your administrator (the package may need files from
          the internet that cannot be reached from here).
        </Alert>
      ) : (
        <Typography role="status" aria-live="polite" variant="body2" sx={{ color: "text.secondary" }}>
          {state.pending > 0 ? "Saving…" : "All progress saved"}
        </Typography>
      )}
    </>
  );
}
