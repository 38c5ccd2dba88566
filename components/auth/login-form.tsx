"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { signIn } from "next-auth/react";
import NextLink from "@/components/navigation/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { loginFailureMessage } from "@/lib/client/spec-calls";
import { localPath } from "@/lib/local-path";
import { loginSchema } from "@/lib/schemas/auth";

/** Where someone without an account goes from here; none when the organization does not let people register. */
export interface RegistrationLink {
  href: "/register" | "/signup";
  label: string;
}

export function LoginForm({
  callbackUrl,
  defaultEmail,
  notice,
  registration,
}: {
  callbackUrl?: string;
  defaultEmail?: string;
  notice?: string;
  registration: RegistrationLink | null;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail ?? "", password: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await signIn("credentials", { ...values, redirect: false });
    if (!result || result.error) {
      setError(loginFailureMessage(result?.error));
      return;
    }
    // The proxy sends a signed-in user from /login to their role's home page.
    // Only a path of this site: an open redirect through callbackUrl would be a phishing tool.
    window.location.assign(localPath(callbackUrl, "/login"));
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Sign in">
      {notice && <Alert severity="success">{notice}</Alert>}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton fullWidth isSubmitting={form.formState.isSubmitting} sx={{ mt: 2 }}>
        {form.formState.isSubmitting ? "Signing in…" : "Sign in"}
      </SubmitButton>
      <Stack direction="row" sx={{ justifyContent: "space-between", mt: 2 }}>
        <Link component={NextLink} href="/forgot-password">
          Forgot password?
        </Link>
        {registration && (
          <Link component={NextLink} href={registration.href}>
            {registration.label}
          </Link>
        )}
      </Stack>
    </form>
  );
}
