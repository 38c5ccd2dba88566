"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { passwordProblem } from "@/components/forms/password-strength";
import { PolicyPasswordField } from "@/components/forms/policy-password-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { ApiError } from "@/lib/client/api";
import { updateProfile } from "@/lib/client/spec-calls";
import type { PolicyLike } from "@/lib/password-policy";
import { changePasswordFormSchema } from "@/lib/schemas/auth";

type Input = z.infer<typeof changePasswordFormSchema>;

/**
 * A new password: the current one first, the new one judged as it is typed by the organization's policy
 * (the check the server runs again). Every other session ends; this one stays signed in.
 */
export function PasswordSection({ policy, userInputs }: { policy: PolicyLike; userInputs: string[] }) {
  const section = useSectionResult();
  const form = useForm<Input>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: "", new_password: "", confirm_password: "" },
  });
  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    section.clear();
    const problem = await passwordProblem(new_password, policy, userInputs);
    if (problem) return form.setError("new_password", { type: "policy", message: problem });
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
    <ProfileSection
      title="Password"
      description="Changing it signs you out on every other device."
      result={section.result}
    >
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Password">
        <FormTextField
          control={form.control}
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <PolicyPasswordField
          control={form.control}
          name="new_password"
          label="New password"
          policy={policy}
          userInputs={userInputs}
        />
        <FormTextField
          control={form.control}
          name="confirm_password"
          label="New password again"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium" sx={{ mt: 1 }}>
          Change password
        </SubmitButton>
      </form>
    </ProfileSection>
  );
}
