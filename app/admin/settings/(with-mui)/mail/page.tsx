import { SettingsSectionPage } from "@/app/admin/settings/settings-section-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Mail · System Settings · Learning Management" };

export default async function MailSettingsPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/*");
  return <SettingsSectionPage section="mail" ctx={ctx} />;
}
