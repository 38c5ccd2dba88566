"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Stack from "@mui/material/Stack";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import { ApiError } from "@/lib/client/api";
import { updateProfile } from "@/lib/client/spec-calls";
import { profileDetailsSchema, type ProfileDetailsInput } from "@/lib/schemas/auth";
import type { OwnProfileJson } from "@/lib/server/serialize";

/** First and last name and username; the top bar shows the new name once saved. */
export function DetailsSection({ profile }: { profile: OwnProfileJson }) {
  const router = useRouter();
  const section = useSectionResult();
  const form = useForm<ProfileDetailsInput>({
    resolver: zodResolver(profileDetailsSchema),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, username: profile.username },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    section.clear();
    try {
      await updateProfile(values);
      section.succeed("Your name and username are saved.");
      form.reset(values);
      router.refresh();
    } catch (e) {
      section.fail(e);
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return (
    <ProfileSection title="Name" description="How others see you in courses and messages." result={section.result}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Name">
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
          <FormTextField control={form.control} name="first_name" label="First name" autoComplete="given-name" />
          <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="family-name" />
        </Stack>
        <FormTextField control={form.control} name="username" label="Username" autoComplete="username" />
        <SubmitButton isSubmitting={form.formState.isSubmitting} size="medium" sx={{ mt: 1 }}>
          Save name
        </SubmitButton>
      </form>
    </ProfileSection>
  );
}
