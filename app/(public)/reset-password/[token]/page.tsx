import Alert from "@mui/material/Alert";
import { cache } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { TextLink } from "@/components/navigation/link-components";
import { guardPage } from "@/lib/auth/page-guard";
import { passwordPolicyOf } from "@/lib/server/accounts/password-policy";
import { describePasswordToken } from "@/lib/server/accounts/password-tokens";

// One page for both kinds of set-password link: a reset the person asked for, an invitation an
// administrator sent ("Set your password"). The metadata and the page read the link once.
const readLink = cache(async (token: string) => {
  const { ctx } = await guardPage("/reset-password/[token]");
  return describePasswordToken(ctx, token);
});

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props) {
  const link = await readLink((await params).token);
  return {
    title: `${link?.purpose === "invitation" ? "Set your password" : "Choose a new password"} · Learning Management`,
  };
}

export default async function ResetPasswordPage({ params }: Props) {
  const { token } = await params;
  const link = await readLink(token);
  const { ctx } = await guardPage("/reset-password/[token]");
  const policy = await passwordPolicyOf(ctx.organization);
  // The words the server judges the password against too (lib/server/accounts/password-reset.ts).
  const userInputs = link ? [link.email, link.firstName, ctx.organization?.name ?? "", ctx.subdomain ?? ""] : [];
  if (!link) {
    return (
      <AuthCard title="Choose a new password">
        <Alert severity="error">
          This link is invalid or has expired. <TextLink href="/forgot-password">Request a new one</TextLink>, or ask
          your administrator for a new invitation.
        </Alert>
      </AuthCard>
    );
  }
  if (link.purpose === "invitation") {
    return (
      <AuthCard
        title="Set your password"
        subtitle={`Welcome, ${link.firstName}. Choose the password you will sign in with as ${link.email}.`}
      >
        <ResetPasswordForm token={token} purpose="invitation" policy={policy} userInputs={userInputs} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm token={token} purpose="reset" policy={policy} userInputs={userInputs} />
    </AuthCard>
  );
}
