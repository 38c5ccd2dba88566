"use client";

import { z } from "zod";
import type { NoticeState } from "@/components/feedback/notice";
import { SettingsCard } from "@/components/settings/settings-card";
import { NumberField, SelectField, SwitchField } from "@/components/settings/settings-fields";
import { useSettingsForm } from "@/components/settings/use-settings-form";
import { apiPatch } from "@/lib/client/api";
import { roleLabel } from "@/lib/routes";
import {
  courseDefaultsSchema,
  MAX_SESSION_LIFETIME_HOURS,
  SELF_REGISTRATION_ROLES,
  settingsFieldsSchema,
  type OrganizationSettings,
} from "@/lib/schemas/organization-settings";

// The General section's sections, each its own form sending only its own part of the settings. Drawn from
// components/ui and CSS modules: the page loads no MUI.

export type GeneralSettingsProps = {
  settings: OrganizationSettings;
  isPlatform: boolean;
  onNotice: (n: NoticeState) => void;
};

export const patchSettings = (body: Partial<OrganizationSettings>) => apiPatch("/api/admin/settings", body);
const registrationSchema = settingsFieldsSchema.pick({ allowSelfRegistration: true, selfRegistrationRole: true });
const sessionSchema = settingsFieldsSchema.pick({ sessionLifetimeHours: true });
const roleOptions = SELF_REGISTRATION_ROLES.map((r) => ({ value: r, label: roleLabel(r) }));

export function RegistrationSettings({ settings, isPlatform, onNotice }: GeneralSettingsProps) {
  const { form, onSubmit, error } = useSettingsForm(registrationSchema, settings, patchSettings, onNotice);
  return (
    <SettingsCard
      title="Self-registration"
      description={
        isPlatform
          ? "Whether new organizations let people create their own accounts, and as what."
          : "Whether people may create their own account on this organization's address, and the role they get."
      }
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
    >
      <SwitchField control={form.control} name="allowSelfRegistration" label="Anyone may register" />
      <SelectField
        control={form.control}
        name="selfRegistrationRole"
        label="Role of a new account"
        options={roleOptions}
      />
    </SettingsCard>
  );
}

export function SessionSettings({ settings, onNotice }: GeneralSettingsProps) {
  const { form, onSubmit, error } = useSettingsForm(sessionSchema, settings, patchSettings, onNotice);
  return (
    <SettingsCard
      title="Sessions"
      description="How long a sign-in lasts. Shortening it signs out, on their next request, everyone who signed in longer ago."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
    >
      <NumberField
        control={form.control}
        name="sessionLifetimeHours"
        label="Session lifetime (hours)"
        min={1}
        max={MAX_SESSION_LIFETIME_HOURS}
        helperText={`1 to ${MAX_SESSION_LIFETIME_HOURS} hours (30 days)`}
      />
    </SettingsCard>
  );
}

const courseSchema = z.object({ courseDefaults: courseDefaultsSchema });

export function CourseDefaultSettings({ settings, onNotice }: GeneralSettingsProps) {
  const { form, onSubmit, error } = useSettingsForm(courseSchema, settings, patchSettings, onNotice);
  return (
    <SettingsCard
      title="Default course settings"
      description="What a new course starts with; its authors can change them per course."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
    >
      <SwitchField
        control={form.control}
        name="courseDefaults.allowSelfEnrollment"
        label="Learners may enroll themselves"
      />
      <SwitchField
        control={form.control}
        name="courseDefaults.allowRetakes"
        label="Learners may retake a completed SCORM lesson"
      />
    </SettingsCard>
  );
}
