"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { ApiError } from "@/lib/client/api";
import { updateProfile } from "@/lib/client/spec-calls";
import { changePasswordFormSchema } from "@/lib/schemas/auth";

type Input = z.infer<typeof changePasswordFormSchema>;

/** A new password: the current one first. Every other session ends; this one stays signed in. */
export function PasswordSection() {
  const section = useSectionResult();
  const form = useForm<Input>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: { current_password: "", new_password: "", confirm_password: "" } });
  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    section.clear();
    try {
      await updateProfile({ current_password, new_password });
      section.succeed("Your password is changed. You were signed out everywhere else.");
      form.reset();
    } catch (e) {
      section.fail(e);
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return (
    <ProfileSection title="Password" description="Changing it signs you out on every other device." result={section.result}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Password">
        <FormTextField control={form.control} name="current_password" label="Current password" type="password" autoComplete="current-password" />
        <FormTextField control={form.control} name="new_password" label="New password" type="password" autoComplete="new-password" helperText="At least 8 characters" />
        <FormTextField control={form.control} name="confirm_password" label="New password again" type="password" autoComplete="new-password" />
        <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium" sx={{ mt: 1 }}>
          Change password
        </SubmitButton>
      </form>
    </ProfileSection>
  );
}
