"use client";

import type { NoticeState } from "@/components/feedback/notice";
import { FormSwitch } from "@/components/forms/form-switch";
import { SettingsCard } from "@/components/settings/settings-card";
import { useSettingsForm } from "@/components/settings/use-settings-form";
import { apiPatch } from "@/lib/client/api";
import { settingsFieldsSchema, type OrganizationSettings } from "@/lib/schemas/organization-settings";

const trackingSchema = settingsFieldsSchema.pick({ xapiTracking: true });

/** System Settings → LRS clients: whether what the app tracks is also written to the organization's LRS. */
export function XapiTrackingSettings({
  settings,
  onNotice,
}: {
  settings: OrganizationSettings;
  onNotice: (n: NoticeState) => void;
}) {
  const { form, onSubmit, error } = useSettingsForm(
    trackingSchema,
    settings,
    (body) => apiPatch("/api/admin/settings", body),
    onNotice,
  );
  return (
    <SettingsCard
      title="Learning activity"
      description="SCORM attempts, lesson and course completions and certificates, written as xAPI statements into this organization's Learning Record Store."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
    >
      <FormSwitch
        control={form.control}
        name="xapiTracking"
        label="Record learning activity as xAPI statements"
        helperText="Off: nothing is written from then on; statements already written stay."
      />
    </SettingsCard>
  );
}
