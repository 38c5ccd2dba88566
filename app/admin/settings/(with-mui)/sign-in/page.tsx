import { SettingsSectionPage } from "@/app/admin/settings/settings-section-page";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Sign-in · System Settings · Learning Management" };

export default async function SignInSettingsPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/*");
  return <SettingsSectionPage section="sign-in" ctx={ctx} />;
}
