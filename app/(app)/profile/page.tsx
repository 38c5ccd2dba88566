import Stack from "@mui/material/Stack";
import { CertificatesProfileSection } from "@/components/profile/certificates-section";
import { CalendarProfileSections } from "@/components/calendar/calendar-profile-sections";
import { AppearanceSection } from "@/components/profile/appearance-section";
import { AvatarSection } from "@/components/profile/avatar-section";
import { DetailsSection } from "@/components/profile/details-section";
import { EmailSection } from "@/components/profile/email-section";
import { NotificationsSection } from "@/components/profile/notifications-section";
import { PasswordSection } from "@/components/profile/password-section";
import { SessionsSection } from "@/components/profile/sessions-section";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { listMyCertificates } from "@/lib/server/certificates/queries";
import { passwordPolicyOf } from "@/lib/server/accounts/password-policy";
import { getOwnProfile } from "@/lib/server/accounts/profile";
import { ownProfileJson } from "@/lib/server/serialize";
import { listOwnSessions } from "@/lib/server/sessions/own-sessions";

export const metadata = { title: "Profile Settings · Learning Management" };

/** Every signed-in role, the superadmin included. Each section saves on its own. */
export default async function ProfilePage() {
  const caller = await guardSignedInPage("/profile");
  const { organization } = caller.ctx;
  const [profile, policy, certificates, sessions] = await Promise.all([
    getOwnProfile(caller.ctx).then(ownProfileJson),
    passwordPolicyOf(organization),
    organization ? listMyCertificates(caller.ctx) : Promise.resolve([]),
    listOwnSessions(caller),
  ]);
  // What makes a password easy to guess for this person: the same words the server weighs.
  const passwordWords = [
    profile.email,
    profile.first_name,
    profile.last_name,
    profile.username,
    organization?.name,
    caller.ctx.subdomain,
  ].filter((w): w is string => Boolean(w));
  return (
    <>
      <PageHeader title="Profile Settings" />
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <AvatarSection profile={profile} />
        <DetailsSection profile={profile} />
        <EmailSection profile={profile} />
        <PasswordSection policy={policy} userInputs={passwordWords} />
        <SessionsSection initial={sessions} />
        <AppearanceSection />
        <NotificationsSection emailOnMessage={profile.email_on_message} />
        {caller.ctx.organizationId && <CalendarProfileSections />}
        {organization ? <CertificatesProfileSection certificates={certificates} /> : null}
      </Stack>
    </>
  );
}
