"use client";

import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { FormEventHandler, ReactNode } from "react";
import { SubmitButton } from "@/components/forms/submit-button";

export interface SettingsCardProps {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  error: string | null;
  children: ReactNode;
  /** Extra buttons beside Save (e.g. "Send a test e-mail"). */
  actions?: ReactNode;
}

/** One section of the settings: its own form and its own Save, so saving one never sends another's edits. */
export function SettingsCard({
  title,
  description,
  onSubmit,
  isSubmitting,
  error,
  children,
  actions,
}: SettingsCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={title}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label={title}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography sx={{ color: "text.secondary", mb: 1 }}>{description}</Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {error}
          </Alert>
        )}
        {children}
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: "center", flexWrap: "wrap", gap: 1 }}>
          <SubmitButton isSubmitting={isSubmitting} size="medium">
            Save
          </SubmitButton>
          {actions}
        </Stack>
      </form>
    </Paper>
  );
}
