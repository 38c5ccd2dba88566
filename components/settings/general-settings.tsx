"use client";

import { z } from "zod";
import type { NoticeState } from "@/components/feedback/notice";
import { FormNumberField } from "@/components/forms/form-number-field";
import { FormSelect } from "@/components/forms/form-select";
import { FormSwitch } from "@/components/forms/form-switch";
import { FormTextField } from "@/components/forms/form-text-field";
import { SettingsCard } from "@/components/settings/settings-card";
import { useSettingsForm } from "@/components/settings/use-settings-form";
import { apiPatch } from "@/lib/client/api";
import { roleLabel } from "@/lib/routes";
import {
  courseDefaultsSchema,
  maintenanceNoticeSchema,
  MAX_SESSION_LIFETIME_HOURS,
  SELF_REGISTRATION_ROLES,
  settingsFieldsSchema,
  type OrganizationSettings,
} from "@/lib/schemas/organization-settings";

// The settings page's simple sections: each its own form, sending only its own part of the settings.

type Props = { settings: OrganizationSettings; isPlatform: boolean; onNotice: (n: NoticeState) => void };

const patchSettings = (body: Partial<OrganizationSettings>) => apiPatch("/api/admin/settings", body);
const registrationSchema = settingsFieldsSchema.pick({ allowSelfRegistration: true, selfRegistrationRole: true });
const sessionSchema = settingsFieldsSchema.pick({ sessionLifetimeHours: true });

export function RegistrationSettings({ settings, isPlatform, onNotice }: Props) {
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
      <FormSwitch control={form.control} name="allowSelfRegistration" label="Anyone may register" />
      <FormSelect
        control={form.control}
        name="selfRegistrationRole"
        label="Role of a new account"
        options={SELF_REGISTRATION_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
      />
    </SettingsCard>
  );
}

export function SessionSettings({ settings, onNotice }: Props) {
  const { form, onSubmit, error } = useSettingsForm(sessionSchema, settings, patchSettings, onNotice);
  return (
    <SettingsCard
      title="Sessions"
      description="How long a sign-in lasts. Shortening it signs out, on their next request, everyone who signed in longer ago."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
    >
      <FormNumberField
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

export function CourseDefaultSettings({ settings, onNotice }: Props) {
  const { form, onSubmit, error } = useSettingsForm(courseSchema, settings, patchSettings, onNotice);
  return (
    <SettingsCard
      title="Default course settings"
      description="What a new course starts with; its authors can change them per course."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
    >
      <FormSwitch
        control={form.control}
        name="courseDefaults.allowSelfEnrollment"
        label="Learners may enroll themselves"
      />
      <FormSwitch
        control={form.control}
        name="courseDefaults.allowRetakes"
        label="Learners may retake a completed SCORM lesson"
      />
    </SettingsCard>
  );
}

const maintenanceSchema = z.object({ maintenance: maintenanceNoticeSchema });

export function MaintenanceSettings({ settings, isPlatform, onNotice }: Props) {
  const { form, onSubmit, error } = useSettingsForm(maintenanceSchema, settings, patchSettings, onNotice, "");
  return (
    <SettingsCard
      title="Maintenance notice"
      description={
        isPlatform
          ? "A notice every page of every organization shows, e.g. before planned maintenance."
          : "A notice every page of this organization shows, e.g. before planned maintenance."
      }
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
    >
      <FormSwitch control={form.control} name="maintenance.enabled" label="Show the notice" />
      <FormTextField
        control={form.control}
        name="maintenance.message"
        label="Notice"
        multiline
        minRows={2}
        helperText="At most 500 characters"
      />
    </SettingsCard>
  );
}
