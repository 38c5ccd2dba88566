import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmEmailButton } from "@/components/profile/confirm-email-button";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Confirm your e-mail address · Learning Management" };

/** The link mailed to a new address. Opening it changes nothing (mail scanners open links): the button does. */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  await guardPage("/confirm-email/[token]");
  const { token } = await params;
  return (
    <AuthCard title="Confirm your e-mail address" subtitle="Make this address the one you sign in with.">
      <ConfirmEmailButton token={token} />
    </AuthCard>
  );
}
