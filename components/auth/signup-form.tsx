"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
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
import { failureMessage, registerOrganization } from "@/lib/client/spec-calls";
import type { PolicyLike } from "@/lib/password-policy";
import { registerOrganizationSchema } from "@/lib/schemas/auth";

type Input = z.input<typeof registerOrganizationSchema>;

/** A new organization and its administrator; afterwards the admin signs in on the new subdomain. */
export function SignupForm({ apexHost, policy }: { apexHost: string; policy: PolicyLike }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, z.output<typeof registerOrganizationSchema>>({
    resolver: zodResolver(registerOrganizationSchema),
    defaultValues: {
      organization: { name: "", subdomain: "" },
      admin: { first_name: "", last_name: "", email: "", password: "" },
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const { admin, organization: org } = values;
    const problem = await passwordProblem(admin.password, policy, [
      admin.first_name,
      admin.last_name,
      admin.email,
      org.name,
      org.subdomain,
    ]);
    if (problem) return form.setError("admin.password", { type: "policy", message: problem });
    try {
      const { organization } = await registerOrganization<{ organization: { subdomain: string } }>(values);
      const target = new URL(`${window.location.protocol}//${organization.subdomain}.${apexHost}/login`);
      target.searchParams.set("registered", "1");
      target.searchParams.set("email", values.admin.email);
      window.location.assign(target.toString());
    } catch (e) {
      setError(failureMessage(e, FALLBACK_MESSAGES.registerOrganization));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Create an organization">
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Organization
      </Typography>
      <FormTextField control={form.control} name="organization.name" label="Organization name" />
      <FormTextField
        control={form.control}
        name="organization.subdomain"
        label="Subdomain"
        helperText={`Your address will be {subdomain}.${apexHost}`}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Administrator
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <FormTextField control={form.control} name="admin.first_name" label="First name" autoComplete="given-name" />
        <FormTextField control={form.control} name="admin.last_name" label="Last name" autoComplete="family-name" />
      </Stack>
      <FormTextField control={form.control} name="admin.email" label="Email" type="email" autoComplete="email" />
      <PolicyPasswordField control={form.control} name="admin.password" label="Password" policy={policy} />
      <SubmitButton fullWidth isSubmitting={form.formState.isSubmitting} sx={{ mt: 2 }}>
        Create organization
      </SubmitButton>
    </form>
  );
}
