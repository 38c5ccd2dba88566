"use client";

import Stack from "@mui/material/Stack";
import { useState } from "react";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import { MaintenanceSettings } from "@/components/settings/maintenance-settings";
import { ApiKeysSettings } from "@/components/settings/api-keys-settings";
import { LrsClientsSettings } from "@/components/settings/lrs-clients-settings";
import { XapiTrackingSettings } from "@/components/settings/xapi-tracking-settings";
import { WebhookSettings } from "@/components/webhooks/webhook-settings";
import type { WebhookEndpointView } from "@/lib/schemas/webhooks";
import { PasswordPolicySettings } from "@/components/settings/password-policy-settings";
import type { SettingsSection } from "@/components/settings/settings-sections";
import { SignInSettings } from "@/components/settings/sign-in-settings";
import { SmtpSettings } from "@/components/settings/smtp-settings";
import type { ApiKeyList } from "@/lib/schemas/api-keys";
import type { LrsClientList } from "@/lib/schemas/lrs-clients";
import type { IdentityProviderView, SignInPolicyView } from "@/lib/schemas/identity-providers";
import type { OrganizationSettings } from "@/lib/schemas/organization-settings";
import type { SmtpSettingsView } from "@/lib/schemas/smtp";

/**
 * One section of the settings but General (general-settings-editor.tsx, drawn without MUI), for an
 * administrator (their organization) or the superadmin (the platform).
 */
export function SettingsEditor({
  section,
  settings,
  smtp,
  signIn,
  apiKeys,
  lrsClients,
  webhooks,
  isPlatform,
}: {
  section: Exclude<SettingsSection, "general">;
  settings: OrganizationSettings;
  smtp: SmtpSettingsView;
  /** null on the platform: identity providers are each organization's own. */
  signIn: { providers: IdentityProviderView[]; policy: SignInPolicyView } | null;
  /** The organization's API keys, on their section only. */
  apiKeys: ApiKeyList | null;
  /** The organization's LRS clients, on their section only. */
  lrsClients: LrsClientList | null;
  /** The organization's webhook endpoints, on their section only. */
  webhooks: WebhookEndpointView[] | null;
  isPlatform: boolean;
}) {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const props = { settings, isPlatform, onNotice: setNotice };
  return (
    <Stack spacing={3}>
      {section === "maintenance" && <MaintenanceSettings {...props} />}
      {section === "password-policy" && <PasswordPolicySettings {...props} />}
      {section === "mail" && <SmtpSettings saved={smtp} isPlatform={isPlatform} onNotice={setNotice} />}
      {section === "sign-in" && signIn && (
        <SignInSettings saved={signIn.providers} policy={signIn.policy} onNotice={setNotice} />
      )}
      {section === "api-keys" && apiKeys && <ApiKeysSettings saved={apiKeys} onNotice={setNotice} />}
      {section === "lrs-clients" && lrsClients && (
        <>
          <LrsClientsSettings saved={lrsClients} onNotice={setNotice} />
          <XapiTrackingSettings settings={settings} onNotice={setNotice} />
        </>
      )}
      {section === "webhooks" && webhooks && <WebhookSettings saved={webhooks} onNotice={setNotice} />}
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
