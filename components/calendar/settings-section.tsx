"use client";

import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";

export type SectionResult = { ok: boolean; message: string } | null;

/** A section of /profile owned by the calendar: a heading, a sentence, its own controls and outcome. */
export function SettingsSection({ id, title, description, result, children }: { id: string; title: string; description: string; result: SectionResult; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" id={id} variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography sx={{ color: "text.secondary", mb: 1 }}>{description}</Typography>
      {result && (
        <Alert severity={result.ok ? "success" : "error"} role={result.ok ? "status" : "alert"} sx={{ my: 1.5 }}>
          {result.message}
        </Alert>
      )}
      {children}
    </Paper>
  );
}
