import { PageHeader } from "@/components/shell/page-header";
import { ProfileForm } from "@/components/profile/profile-form";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { getOwnProfile } from "@/lib/server/accounts/profile";
import { userJson } from "@/lib/server/serialize";

export const metadata = { title: "Profile Settings · Learning Management" };

export default async function ProfilePage() {
  const caller = await guardSignedInPage("/profile");
  const profile = userJson(await getOwnProfile(caller.ctx));
  return (
    <>
      <PageHeader title="Profile Settings" />
      <ProfileForm profile={profile} />
    </>
  );
}
