import { SettingsEditor } from "@/components/settings/settings-editor";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { TeachingSettingsView } from "@/components/settings/teaching-settings-view";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getSettingsPage } from "@/lib/server/settings/settings-page";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "System Settings · Learning Management" };

export default async function SettingsPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/*");
  const view = await loadOrNotFound(getSettingsPage(ctx));
  const isPlatform = view.scope === "platform";
  const subtitle = isPlatform
    ? "Platform defaults: what new organizations start with, and the notice every organization shows"
    : (ctx.organization?.name ?? undefined);
  return (
    <>
      <PageHeader title="System Settings" subtitle={subtitle} />
      <SettingsTabs current="settings" showAuditLog={can(ctx.role, "audit:read")} />
      {view.editable ? (
        <SettingsEditor settings={view.settings} smtp={view.smtp} signIn={view.signIn} isPlatform={isPlatform} />
      ) : (
        <TeachingSettingsView settings={view.settings} />
      )}
    </>
  );
}
