import { loadSettingsSection, SettingsFrame } from "@/app/admin/settings/settings-frame";
import { GeneralSettingsEditor } from "@/components/settings/general-settings-editor";
import { TeachingSettingsView } from "@/components/settings/teaching-settings-view";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "System Settings · Learning Management" };

// Drawn without MUI (no providers above it): the other sections are under the (with-mui) group.
export default async function GeneralSettingsPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/*");
  const view = await loadSettingsSection("general", ctx);
  return (
    <SettingsFrame section="general" ctx={ctx} view={view}>
      {view.editable ? (
        <GeneralSettingsEditor settings={view.settings} isPlatform={view.scope === "platform"} />
      ) : (
        <TeachingSettingsView settings={view.settings} />
      )}
    </SettingsFrame>
  );
}
