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
import { passwordProblem } from "@/components/forms/password-strength";
import { PolicyPasswordField } from "@/components/forms/policy-password-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError } from "@/lib/client/api";
import { FALLBACK_MESSAGES } from "@/lib/client/fallback-messages";
import { failureMessage, registerAccount } from "@/lib/client/spec-calls";
import type { PolicyLike } from "@/lib/password-policy";
import { registerSchema } from "@/lib/schemas/auth";

/** `organizationWords`: the organization's name and subdomain, which the policy check counts against a password. */
export function RegisterForm({ policy, organizationWords }: { policy: PolicyLike; organizationWords: string[] }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof registerSchema>, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { first_name: "", last_name: "", email: "", password: "", username: undefined },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const problem = await passwordProblem(values.password, policy, [
      values.first_name,
      values.last_name,
      values.email,
      values.username ?? "",
      ...organizationWords,
    ]);
    if (problem) return form.setError("password", { type: "policy", message: problem });
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
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField control={form.control} name="first_name" label="First name" autoComplete="given-name" />
        <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="family-name" />
      </Stack>
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
      <FormTextField control={form.control} name="username" label="Username (optional)" autoComplete="username" />
      <PolicyPasswordField
        control={form.control}
        name="password"
        label="Password"
        policy={policy}
        userInputs={organizationWords}
      />
      <SubmitButton fullWidth isSubmitting={form.formState.isSubmitting} sx={{ mt: 2 }}>
        Create account
      </SubmitButton>
    </form>
  );
}
