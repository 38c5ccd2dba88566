"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPost } from "@/lib/client/api";
import { forgotPasswordSchema } from "@/lib/schemas/auth";

export function ForgotPasswordForm() {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await apiPost<{ message: string }>("/auth/forgot-password", values);
      setResult({ ok: true, message });
    } catch (e) {
      setResult({ ok: false, message: e instanceof ApiError ? e.message : "Failed to send the reset e-mail" });
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Reset password">
      {result && (
        <Alert severity={result.ok ? "success" : "error"} role="alert">
          {result.message}
        </Alert>
      )}
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
      <SubmitButton fullWidth isSubmitting={form.formState.isSubmitting} sx={{ mt: 2 }}>
        Send reset link
      </SubmitButton>
    </form>
  );
}
