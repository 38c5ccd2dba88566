"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import NextLink from "@/components/navigation/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { passwordProblem } from "@/components/forms/password-strength";
import { PolicyPasswordField } from "@/components/forms/policy-password-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPost } from "@/lib/client/api";
import type { PolicyLike } from "@/lib/password-policy";
import { resetPasswordSchema } from "@/lib/schemas/auth";

/** The form of a set-password link: a reset ("New password") or an invitation ("Set your password"). */
export function ResetPasswordForm({
  token,
  purpose,
  policy,
  userInputs,
}: {
  token: string;
  purpose: "reset" | "invitation";
  policy: PolicyLike;
  userInputs: string[];
}) {
  const invitation = purpose === "invitation";
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const problem = await passwordProblem(values.password, policy, userInputs);
    if (problem) return form.setError("password", { type: "policy", message: problem });
    try {
      const { message } = await apiPost<{ message: string }>(
        `/auth/reset-password/${encodeURIComponent(token)}`,
        values,
      );
      setResult({ ok: true, message });
    } catch (e) {
      setResult({
        ok: false,
        message:
          e instanceof ApiError
            ? e.message
            : invitation
              ? "Failed to set the password"
              : "Failed to reset the password",
      });
    }
  });
  if (result?.ok) {
    return (
      <Alert severity="success">
        {result.message}{" "}
        <Link component={NextLink} href="/login">
          Sign in
        </Link>
      </Alert>
    );
  }
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-label={invitation ? "Set your password" : "Choose a new password"}
    >
      {result && (
        <Alert severity="error" role="alert">
          {result.message}
        </Alert>
      )}
      <PolicyPasswordField
        control={form.control}
        name="password"
        label={invitation ? "Password" : "New password"}
        policy={policy}
        userInputs={userInputs}
      />
      <SubmitButton fullWidth isSubmitting={form.formState.isSubmitting} sx={{ mt: 2 }}>
        {invitation ? "Set password" : "Set new password"}
      </SubmitButton>
    </form>
  );
}
