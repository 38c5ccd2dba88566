"use client";

import Stack from "@mui/material/Stack";
import { useState } from "react";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import {
  CourseDefaultSettings,
  MaintenanceSettings,
  RegistrationSettings,
  SessionSettings,
} from "@/components/settings/general-settings";
import { PasswordPolicySettings } from "@/components/settings/password-policy-settings";
import { SignInSettings } from "@/components/settings/sign-in-settings";
import { SmtpSettings } from "@/components/settings/smtp-settings";
import type { IdentityProviderView, SignInPolicyView } from "@/lib/schemas/identity-providers";
import type { OrganizationSettings } from "@/lib/schemas/organization-settings";
import type { SmtpSettingsView } from "@/lib/schemas/smtp";

/** Every section of the settings, for an administrator (their organization) or the superadmin (the platform). */
export function SettingsEditor({
  settings,
  smtp,
  signIn,
  isPlatform,
}: {
  settings: OrganizationSettings;
  smtp: SmtpSettingsView;
  /** null on the platform: identity providers are each organization's own. */
  signIn: { providers: IdentityProviderView[]; policy: SignInPolicyView } | null;
  isPlatform: boolean;
}) {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const props = { settings, isPlatform, onNotice: setNotice };
  return (
    <Stack spacing={3}>
      <MaintenanceSettings {...props} />
      <RegistrationSettings {...props} />
      <PasswordPolicySettings {...props} />
      <SessionSettings {...props} />
      <CourseDefaultSettings {...props} />
      <SmtpSettings saved={smtp} isPlatform={isPlatform} onNotice={setNotice} />
      {signIn && <SignInSettings saved={signIn.providers} policy={signIn.policy} onNotice={setNotice} />}
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
