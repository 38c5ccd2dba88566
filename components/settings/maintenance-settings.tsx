"use client";

import { z } from "zod";
import type { NoticeState } from "@/components/feedback/notice";
import { FormSwitch } from "@/components/forms/form-switch";
import { FormTextField } from "@/components/forms/form-text-field";
import { patchSettings } from "@/components/settings/general-settings";
import { SettingsCard } from "@/components/settings/settings-card";
import { useSettingsForm } from "@/components/settings/use-settings-form";
import { maintenanceNoticeSchema, type OrganizationSettings } from "@/lib/schemas/organization-settings";

const maintenanceSchema = z.object({ maintenance: maintenanceNoticeSchema });

/** System Settings → Maintenance: the notice every page shows, sending only its own part of the settings. */
export function MaintenanceSettings({
  settings,
  isPlatform,
  onNotice,
}: {
  settings: OrganizationSettings;
  isPlatform: boolean;
  onNotice: (n: NoticeState) => void;
}) {
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
