"use client";

import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useId, useState, type ReactNode } from "react";
import { FALLBACK_MESSAGES } from "@/lib/client/fallback-messages";
import { failureMessage } from "@/lib/client/spec-calls";

export type SectionResult = { ok: boolean; message: string } | null;

/** One section of /profile: a heading, a sentence, its own form, its own confirmation or error. `id`: a link target (`/profile#time-zone`). */
export function ProfileSection({
  id,
  title,
  description,
  result,
  children,
}: {
  id?: string;
  title: string;
  description?: string;
  result: SectionResult;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={id}
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      {description && <Typography sx={{ color: "text.secondary", mb: 1 }}>{description}</Typography>}
      {result && (
        <Alert severity={result.ok ? "success" : "error"} role={result.ok ? "status" : "alert"} sx={{ my: 1.5 }}>
          {result.message}
        </Alert>
      )}
      {children}
    </Paper>
  );
}

/** A section's outcome state: `succeed("Saved")`, or `fail(error)` with the server's message ('Failed to update profile' if none). */
export function useSectionResult() {
  const [result, setResult] = useState<SectionResult>(null);
  return {
    result,
    clear: () => setResult(null),
    succeed: (message: string) => setResult({ ok: true, message }),
    fail: (error: unknown, fallback: string = FALLBACK_MESSAGES.updateProfile) =>
      setResult({ ok: false, message: failureMessage(error, fallback) }),
  };
}
