"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import NextLink from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPost } from "@/lib/client/api";
import { resetPasswordSchema } from "@/lib/schemas/auth";

/** The form of a set-password link: a reset ("New password") or an invitation ("Set your password"). */
export function ResetPasswordForm({ token, purpose }: { token: string; purpose: "reset" | "invitation" }) {
  const invitation = purpose === "invitation";
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await apiPost<{ message: string }>(`/auth/reset-password/${encodeURIComponent(token)}`, values);
      setResult({ ok: true, message });
    } catch (e) {
      setResult({ ok: false, message: e instanceof ApiError ? e.message : invitation ? "Failed to set the password" : "Failed to reset the password" });
    }
  });
  if (result?.ok) {
    return (
      <Alert severity="success">
        {result.message} <Link component={NextLink} href="/login">Sign in</Link>
      </Alert>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={invitation ? "Set your password" : "Choose a new password"}>
      {result && <Alert severity="error" role="alert">{result.message}</Alert>}
      <FormTextField control={form.control} name="password" label={invitation ? "Password" : "New password"} type="password" autoComplete="new-password" helperText="At least 8 characters" />
      <SubmitButton fullWidth isSubmitting={form.formState.isSubmitting} sx={{ mt: 2 }}>
        {invitation ? "Set password" : "Set new password"}
      </SubmitButton>
    </form>
  );
}
