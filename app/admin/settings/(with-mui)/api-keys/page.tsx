import { SettingsSectionPage } from "@/app/admin/settings/settings-section-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "API keys · System Settings · Learning Management" };

export default async function ApiKeysSettingsPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/*");
  return <SettingsSectionPage section="api-keys" ctx={ctx} />;
}
