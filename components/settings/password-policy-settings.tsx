"use client";

import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import type { NoticeState } from "@/components/feedback/notice";
import { FormNumberField } from "@/components/forms/form-number-field";
import { FormSelect } from "@/components/forms/form-select";
import { PasswordStrength, usePasswordVerdict } from "@/components/forms/password-strength";
import { SettingsCard } from "@/components/settings/settings-card";
import { useSettingsForm } from "@/components/settings/use-settings-form";
import { apiPatch } from "@/lib/client/api";
import { MAX_MIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, STRENGTH_LABELS } from "@/lib/password-policy";
import {
  passwordPolicySchema,
  PASSWORD_STRENGTH_LEVELS,
  type OrganizationSettings,
} from "@/lib/schemas/organization-settings";

const schema = z.object({ passwordPolicy: passwordPolicySchema });

/** The password policy, with a field to try a password against the policy being edited. */
export function PasswordPolicySettings({
  settings,
  onNotice,
}: {
  settings: OrganizationSettings;
  onNotice: (n: NoticeState) => void;
}) {
  const { form, onSubmit, error } = useSettingsForm(
    schema,
    settings,
    (body) => apiPatch("/api/admin/settings", body),
    onNotice,
  );
  const [sample, setSample] = useState("");
  const edited = useWatch({ control: form.control, name: "passwordPolicy" });
  const minLength = Number(edited?.minLength) || MIN_PASSWORD_LENGTH;
  const minStrength = Number(edited?.minStrength ?? 0);
  const policy = { minLength, minStrength };
  const verdict = usePasswordVerdict(sample, policy);
  return (
    <SettingsCard
      title="Password policy"
      description="Applied wherever a password is set: registration, password resets and invitations, profile changes and passwords administrators set. Strength is scored by zxcvbn against lists of common passwords."
      onSubmit={onSubmit}
      isSubmitting={form.formState.isSubmitting}
      error={error}
    >
      <FormNumberField
        control={form.control}
        name="passwordPolicy.minLength"
        label="Minimum length"
        min={MIN_PASSWORD_LENGTH}
        max={MAX_MIN_PASSWORD_LENGTH}
        helperText={`${MIN_PASSWORD_LENGTH} to ${MAX_MIN_PASSWORD_LENGTH} characters`}
      />
      <FormSelect
        control={form.control}
        name="passwordPolicy.minStrength"
        label="Minimum strength"
        options={PASSWORD_STRENGTH_LEVELS.map((level) => ({
          value: level,
          label: `${level} – ${STRENGTH_LABELS[level]}`,
        }))}
      />
      <TextField
        label="Try a password"
        value={sample}
        onChange={(e) => setSample(e.target.value)}
        margin="normal"
        fullWidth
        autoComplete="off"
        helperText="Not saved: shows how this policy judges a password."
      />
      {sample && <PasswordStrength verdict={verdict} policy={policy} />}
    </SettingsCard>
  );
}
