"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { ApiError, apiDelete, apiPost } from "@/lib/client/api";
import { FALLBACK_MESSAGES } from "@/lib/client/fallback-messages";
import { withFallback } from "@/lib/client/spec-calls";
import { changeEmailSchema, type ChangeEmailInput } from "@/lib/schemas/auth";
import type { OwnProfileJson } from "@/lib/server/serialize";

type Answer = { user: OwnProfileJson };

/** The sign-in address: a new one counts once the link mailed to it is opened; the old one is then told. */
export function EmailSection({ profile }: { profile: OwnProfileJson }) {
  const section = useSectionResult();
  const [pending, setPending] = useState(profile.pending_email);
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: "", current_password: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    section.clear();
    try {
      const { user } = await withFallback(FALLBACK_MESSAGES.updateProfile, () =>
        apiPost<Answer>("/auth/profile/email", values, { retryOnTimeout: false }),
      );
      setPending(user.pending_email);
      section.succeed(
        `We sent a link to ${values.email}. Open it to confirm; until then you sign in with ${profile.email}.`,
      );
      form.reset();
    } catch (e) {
      section.fail(e);
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  const cancel = async () => {
    section.clear();
    try {
      const { user } = await withFallback(FALLBACK_MESSAGES.updateProfile, () =>
        apiDelete<Answer>("/auth/profile/email"),
      );
      setPending(user.pending_email);
      section.succeed("The change is cancelled; its link no longer works.");
    } catch (e) {
      section.fail(e);
    }
  };
  return (
    <ProfileSection
      title="E-mail address"
      description="You sign in with it, and notifications go to it."
      result={section.result}
    >
      <Typography>
        Current address: <strong>{profile.email}</strong>
      </Typography>
      {pending && (
        <Alert
          severity="info"
          sx={{ my: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={cancel}>
              Cancel change
            </Button>
          }
        >
          Waiting for you to confirm {pending} with the link we sent there.
        </Alert>
      )}
      <form method="post" onSubmit={onSubmit} noValidate aria-label="E-mail address">
        <FormTextField
          control={form.control}
          name="email"
          label="New e-mail address"
          type="email"
          autoComplete="email"
        />
        <FormTextField
          control={form.control}
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          helperText="To prove it is you"
        />
        <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium" sx={{ mt: 1 }}>
          Send confirmation link
        </SubmitButton>
      </form>
    </ProfileSection>
  );
}
