import { SettingsSectionPage } from "@/app/admin/settings/settings-section-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Maintenance · System Settings · Learning Management" };

export default async function MaintenanceSettingsPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/*");
  return <SettingsSectionPage section="maintenance" ctx={ctx} />;
}
