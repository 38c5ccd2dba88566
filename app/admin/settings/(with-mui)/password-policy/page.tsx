import { SettingsSectionPage } from "@/app/admin/settings/settings-section-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Password policy · System Settings · Learning Management" };

export default async function PasswordPolicySettingsPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/*");
  return <SettingsSectionPage section="password-policy" ctx={ctx} />;
}
