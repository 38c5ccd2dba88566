import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm, type RegistrationLink } from "@/components/auth/login-form";
import { SingleSignOnButtons } from "@/components/auth/single-sign-on-buttons";
import { guardPage } from "@/lib/auth/page-guard";
import type { OrganizationPublic } from "@/lib/server/selects";
import { readOrganizationSettings } from "@/lib/schemas/organization-settings";
import { listSignInProviders } from "@/lib/server/sso/sign-in-options";
import { isSsoRefusalReason, SSO_REFUSALS } from "@/lib/server/sso/refusals";

export const metadata = { title: "Sign in · Learning Management" };

type Search = Promise<{ callbackUrl?: string; email?: string; registered?: string; sso_error?: string }>;

export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const { ctx } = await guardPage("/login");
  const { callbackUrl, email, registered, sso_error } = await searchParams;
  return (
    <AuthCard title="Sign in" subtitle={ctx.organization?.name ?? "Platform administration"}>
      <SingleSignOnButtons
        providers={await listSignInProviders(ctx)}
        callbackUrl={callbackUrl}
        refusal={isSsoRefusalReason(sso_error) ? SSO_REFUSALS[sso_error] : undefined}
      />
      <LoginForm
        callbackUrl={callbackUrl}
        defaultEmail={email}
        notice={registered ? "Your organization is ready. Sign in to get started." : undefined}
        registration={registrationLink(ctx.organization)}
      />
    </AuthCard>
  );
}

// Offered only where it leads somewhere: an organization that takes registrations, or the platform's own host,
// where a newcomer creates an organization.
function registrationLink(organization: OrganizationPublic | null): RegistrationLink | null {
  if (!organization) return { href: "/signup", label: "Create an organization" };
  if (!readOrganizationSettings(organization.settings).allowSelfRegistration) return null;
  return { href: "/register", label: "Create an account" };
}
