"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { NoticeState } from "@/components/feedback/notice";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormNumberField } from "@/components/forms/form-number-field";
import { FormSelect } from "@/components/forms/form-select";
import { FormSwitch } from "@/components/forms/form-switch";
import { FormTextField } from "@/components/forms/form-text-field";
import { SettingsCard } from "@/components/settings/settings-card";
import { ApiError, apiPost, apiPut } from "@/lib/client/api";
import { SMTP_DEFAULTS, smtpSettingsSchema, type SmtpSettingsView } from "@/lib/schemas/smtp";
import { failureMessage } from "@/lib/client/spec-calls";

const SECURITY_LABELS = [
  { value: "starttls", label: "STARTTLS (usually port 587)" },
  { value: "tls", label: "TLS from the start (usually port 465)" },
  { value: "none", label: "None (not encrypted)" },
] as const;

/** The mail server: its own form (the password is write-only) and a button that sends a test e-mail. */
export function SmtpSettings({
  saved,
  isPlatform,
  onNotice,
}: {
  saved: SmtpSettingsView | undefined;
  isPlatform: boolean;
  onNotice: (n: NoticeState) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [stored, setStored] = useState(saved);
  const [isTesting, setIsTesting] = useState(false);
  const { hasPassword: _hasPassword, ...values } = stored ?? { ...SMTP_DEFAULTS, hasPassword: false };
  const form = useForm<z.input<typeof smtpSettingsSchema>, unknown, z.output<typeof smtpSettingsSchema>>({
    resolver: zodResolver(smtpSettingsSchema),
    defaultValues: { ...values, password: undefined },
  });

  const onSubmit = form.handleSubmit(async ({ password, ...rest }) => {
    setError(null);
    try {
      // An empty password field keeps the stored password.
      const next = await apiPut<SmtpSettingsView>("/api/admin/settings/smtp", password ? { ...rest, password } : rest);
      setStored(next);
      form.reset({ ...rest, password: undefined });
      onNotice({ severity: "success", message: "Mail server saved." });
    } catch (e) {
      setError(failureMessage(e, "Could not save the mail server"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });

  const sendTest = async () => {
    setIsTesting(true);
    try {
      const { message } = await apiPost<{ message: string }>("/api/admin/settings/smtp/test", undefined, {
        retryOnTimeout: false,
      });
      onNotice({ severity: "success", message });
    } catch (e) {
      onNotice({ severity: "error", message: failureMessage(e, "The test e-mail could not be sent") });
    } finally {
      setIsTesting(false);
    }
  };

  return (
    <SettingsCard
      title="E-mail (SMTP)"
      description={
        isPlatform
          ? "The platform's mail server, for organizations without their own. Without one, the deployment's SMTP_URL sends."
          : "This organization's own mail server. While it is off, mail goes out through the platform's."
      }
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
      actions={
        <Button
          variant="outlined"
          onClick={sendTest}
          disabled={isTesting || !stored?.enabled || form.formState.isDirty}
          startIcon={isTesting ? <CircularProgress size={16} /> : undefined}
        >
          Send a test e-mail
        </Button>
      }
    >
      <FormSwitch
        control={form.control}
        name="enabled"
        label="Send mail through this server"
        helperText="Save first; the test e-mail goes to you through the saved server."
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField control={form.control} name="host" label="Host" placeholder="smtp.example.com" />
        <FormNumberField
          control={form.control}
          name="port"
          label="Port"
          min={1}
          max={65535}
          sx={{ maxWidth: { sm: 140 } }}
        />
      </Stack>
      <FormSelect control={form.control} name="security" label="Encryption" options={[...SECURITY_LABELS]} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField control={form.control} name="username" label="Username" autoComplete="off" />
        <FormTextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          helperText={stored?.hasPassword ? "Stored. Leave empty to keep it." : "None stored"}
        />
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField
          control={form.control}
          name="fromAddress"
          label="Sender address"
          type="email"
          placeholder="learning@example.com"
        />
        <FormTextField control={form.control} name="fromName" label="Sender name" />
      </Stack>
    </SettingsCard>
  );
}
