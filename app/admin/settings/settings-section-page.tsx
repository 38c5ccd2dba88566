import { notFound } from "next/navigation";
import { SettingsEditor } from "@/components/settings/settings-editor";
import {
  ORGANIZATION_ONLY_SECTIONS,
  SETTINGS_SECTIONS,
  type SettingsSection,
} from "@/components/settings/settings-sections";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { TeachingSettingsView } from "@/components/settings/teaching-settings-view";
import { PageHeader } from "@/components/shell/page-header";
import { loadOrNotFound } from "@/lib/auth/page-guard";
import { listApiKeys } from "@/lib/server/api-keys/queries";
import { listWebhookEndpoints } from "@/lib/server/webhooks/endpoints";
import { listLrsClients } from "@/lib/server/xapi/clients";
import { getSettingsPage } from "@/lib/server/settings/settings-page";
import type { TenantContext } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

/**
 * A section of System Settings under the page's header and tabs, for a caller its page let in. Those who only read the teaching
 * settings (instructors) see them on the first section's address; the other sections are the editors'.
 */
export async function SettingsSectionPage({ section, ctx }: { section: SettingsSection; ctx: TenantContext }) {
  const href = SETTINGS_SECTIONS.find((s) => s.section === section)!.href;
  const view = await loadOrNotFound(getSettingsPage(ctx));
  const isPlatform = view.scope === "platform";
  if ((!view.editable && section !== "general") || (isPlatform && ORGANIZATION_ONLY_SECTIONS.includes(section)))
    notFound();
  // A section's own data, read only once the caller is let in (an editor of this organization's settings).
  const apiKeys = section === "api-keys" ? await listApiKeys(ctx, { page: 1, page_size: 100 }) : null;
  const lrsClients = section === "lrs-clients" ? { items: await listLrsClients(ctx) } : null;
  const webhooks = section === "webhooks" ? (await listWebhookEndpoints(ctx)).data : null;
  const subtitle = isPlatform
    ? "Platform defaults: what new organizations start with, and the notice every organization shows"
    : (ctx.organization?.name ?? undefined);
  return (
    <>
      <PageHeader title="System Settings" subtitle={subtitle} />
      <SettingsTabs
        current={href}
        sections={view.editable}
        platform={isPlatform}
        showAuditLog={can(ctx.role, "audit:read")}
      />
      {view.editable ? (
        <SettingsEditor
          section={section}
          settings={view.settings}
          smtp={view.smtp}
          signIn={view.signIn}
          apiKeys={apiKeys}
          lrsClients={lrsClients}
          webhooks={webhooks}
          isPlatform={isPlatform}
        />
      ) : (
        <TeachingSettingsView settings={view.settings} />
      )}
    </>
  );
}
