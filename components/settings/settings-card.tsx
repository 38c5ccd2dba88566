"use client";

import type { FormEventHandler, ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./settings.module.css";

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

/**
 * One section of the settings: its own form and its own Save, so saving one never sends another's edits.
 * Drawn from a CSS module (MUI's outlined Paper), so the General section's page loads no MUI.
 */
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
    <section className={styles.card} aria-label={title}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label={title}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.description}>{description}</p>
        {error && (
          <div className={styles.error}>
            <Alert severity="error">{error}</Alert>
          </div>
        )}
        {children}
        <div className={styles.actions}>
          <SubmitButton isSubmitting={isSubmitting} size="medium">
            Save
          </SubmitButton>
          {actions}
        </div>
      </form>
    </section>
  );
}
