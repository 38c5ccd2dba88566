import Stack from "@mui/material/Stack";
import { AppearanceSection } from "@/components/profile/appearance-section";
import { AvatarSection } from "@/components/profile/avatar-section";
import { DetailsSection } from "@/components/profile/details-section";
import { EmailSection } from "@/components/profile/email-section";
import { NotificationsSection } from "@/components/profile/notifications-section";
import { PasswordSection } from "@/components/profile/password-section";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { getOwnProfile } from "@/lib/server/accounts/profile";
import { ownProfileJson } from "@/lib/server/serialize";

export const metadata = { title: "Profile Settings · Learning Management" };

/** Every signed-in role, the superadmin included. Each section saves on its own. */
export default async function ProfilePage() {
  const caller = await guardSignedInPage("/profile");
  const profile = ownProfileJson(await getOwnProfile(caller.ctx));
  return (
    <>
      <PageHeader title="Profile Settings" />
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <AvatarSection profile={profile} />
        <DetailsSection profile={profile} />
        <EmailSection profile={profile} />
        <PasswordSection />
        <AppearanceSection />
        <NotificationsSection emailOnMessage={profile.email_on_message} />
      </Stack>
    </>
  );
}
