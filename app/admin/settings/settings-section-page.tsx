import { loadSettingsSection, SettingsFrame } from "@/app/admin/settings/settings-frame";
import { SettingsEditor } from "@/components/settings/settings-editor";
import type { SettingsSection } from "@/components/settings/settings-sections";
import { listApiKeys } from "@/lib/server/api-keys/queries";
import { listWebhookEndpoints } from "@/lib/server/webhooks/endpoints";
import { listLrsClients } from "@/lib/server/xapi/clients";
import type { TenantContext } from "@/lib/tenancy/context";

/** A section of System Settings drawn with MUI (all but General, under the (with-mui) group's providers). */
export async function SettingsSectionPage({
  section,
  ctx,
}: {
  section: Exclude<SettingsSection, "general">;
  ctx: TenantContext;
}) {
  const view = await loadSettingsSection(section, ctx);
  // Only editors get this far (loadSettingsSection): a section's own data, read once the caller is let in.
  if (!view.editable) return null;
  const apiKeys = section === "api-keys" ? await listApiKeys(ctx, { page: 1, page_size: 100 }) : null;
  const lrsClients = section === "lrs-clients" ? { items: await listLrsClients(ctx) } : null;
  const webhooks = section === "webhooks" ? (await listWebhookEndpoints(ctx)).data : null;
  return (
    <SettingsFrame section={section} ctx={ctx} view={view}>
      <SettingsEditor
        section={section}
        settings={view.settings}
        smtp={view.smtp}
        signIn={view.signIn}
        apiKeys={apiKeys}
        lrsClients={lrsClients}
        webhooks={webhooks}
        isPlatform={view.scope === "platform"}
      />
    </SettingsFrame>
  );
}
