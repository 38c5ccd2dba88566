"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError } from "@/lib/client/api";
import { FALLBACK_MESSAGES, failureMessage, registerAccount } from "@/lib/client/spec-calls";
import { registerSchema } from "@/lib/schemas/auth";

export function RegisterForm() {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof registerSchema>, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { first_name: "", last_name: "", email: "", password: "", username: undefined },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await registerAccount(values);
    } catch (e) {
      setError(failureMessage(e, FALLBACK_MESSAGES.register));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
      return;
    }
    const result = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
    window.location.assign(result?.ok ? "/dashboard" : "/login");
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Create an account">
      {error && <Alert severity="error" role="alert">{error}</Alert>}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField control={form.control} name="first_name" label="First name" autoComplete="given-name" />
        <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="family-name" />
      </Stack>
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
      <FormTextField control={form.control} name="username" label="Username (optional)" autoComplete="username" />
      <FormTextField control={form.control} name="password" label="Password" type="password" autoComplete="new-password" helperText="At least 8 characters" />
      <SubmitButton fullWidth isSubmitting={form.formState.isSubmitting} sx={{ mt: 2 }}>
        Create account
      </SubmitButton>
    </form>
  );
}
