"use client";

import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { useState, type FormEvent } from "react";
import type { NoticeState } from "@/components/feedback/notice";
import { UserPicker, type PickedPerson } from "@/components/forms/user-picker";
import { SettingsCard } from "@/components/settings/settings-card";
import { apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import type { SignInPolicyView } from "@/lib/schemas/identity-providers";

/** "SSO only", with the break-glass accounts that keep their password for the day the provider is down. */
export function SignInPolicySettings({
  saved,
  onNotice,
}: {
  saved: SignInPolicyView;
  onNotice: (n: NoticeState) => void;
}) {
  const [ssoOnly, setSsoOnly] = useState(saved.ssoOnly);
  const [breakGlass, setBreakGlass] = useState<PickedPerson[]>(saved.breakGlassUsers);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsSubmitting(true);
    try {
      const next = await apiPut<SignInPolicyView>("/api/admin/sign-in-policy", {
        ssoOnly,
        breakGlassUserIds: breakGlass.map((p) => p.id),
      });
      setBreakGlass(next.breakGlassUsers);
      onNotice({ severity: "success", message: "Sign-in policy saved." });
    } catch (e) {
      setError(failureMessage(e, "Could not save the sign-in policy"));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <SettingsCard
      title="Require single sign-on"
      description="Passwords are then refused (sign-in, registration, reset) except for the break-glass accounts."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      error={error}
    >
      <FormControlLabel
        control={<Switch checked={ssoOnly} onChange={(e) => setSsoOnly(e.target.checked)} />}
        label="Sign in with the identity provider only"
      />
      <UserPicker
        label="Break-glass accounts (keep their password)"
        value={breakGlass}
        onChange={setBreakGlass}
        helperText="An administrator or two, for when the identity provider cannot be reached"
      />
    </SettingsCard>
  );
}
