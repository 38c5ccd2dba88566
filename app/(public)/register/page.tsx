import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import NextLink from "@/components/navigation/link";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";
import { guardPage } from "@/lib/auth/page-guard";
import { readOrganizationSettings } from "@/lib/schemas/organization-settings";

export const metadata = { title: "Create an account · Learning Management" };

export default async function RegisterPage() {
  const { organization } = (await guardPage("/register")).ctx;
  if (!organization) {
    return (
      <AuthCard title="Create an account">
        <Alert severity="info">
          Accounts belong to an organization: open your organization&apos;s own address to register, or{" "}
          <Link component={NextLink} href="/signup">
            create a new organization
          </Link>
          .
        </Alert>
      </AuthCard>
    );
  }
  const settings = readOrganizationSettings(organization.settings);
  if (!settings.allowSelfRegistration) {
    return (
      <AuthCard title="Create an account" subtitle={organization.name}>
        <Alert severity="info">
          This organization does not allow self-registration. Ask your administrator for an account.
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create an account"
      subtitle={`Join ${organization.name} as ${settings.selfRegistrationRole === "instructor" ? "an instructor" : "a learner"}`}
    >
      <RegisterForm policy={settings.passwordPolicy} organizationWords={[organization.name, organization.subdomain]} />
    </AuthCard>
  );
}
