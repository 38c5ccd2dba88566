import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { startSession, type SessionDevice } from "@/lib/auth/session-start";
import { db } from "@/lib/db";
import type { RegisterOrganizationInput } from "@/lib/schemas/auth";
import { assertPasswordAllowed } from "@/lib/server/accounts/password-policy";
import { audit } from "@/lib/server/audit";
import { claimingSubdomain, createOrganizationWithAdmin } from "@/lib/server/organizations/create-with-admin";
import { platformDefaults } from "@/lib/server/settings/queries";

/** A new tenant and its first org_admin, in one transaction. The token is valid on the new subdomain. */
export async function registerOrganization(input: RegisterOrganizationInput, device: SessionDevice) {
  // Sign-up happens on the apex: the platform's defaults are the policy, and the new organization's settings.
  const settings = await platformDefaults();
  const { admin: who, organization: org } = input;
  assertPasswordAllowed(settings.passwordPolicy, who.password, "admin.password", [
    who.first_name,
    who.last_name,
    who.email,
    org.name,
    org.subdomain,
  ]);
  const passwordHash = await hashPassword(input.admin.password);
  const { organization, admin } = await claimingSubdomain(
    () =>
      db().$transaction(async (tx) => {
        const created = await createOrganizationWithAdmin(
          tx,
          { name: org.name, subdomain: org.subdomain, settings, admin: who, passwordHash },
          "organization.subdomain",
        );
        await audit(
          {
            organizationId: created.organization.id,
            actorId: created.admin.id,
            action: "organization.register",
            entityType: "organization",
            entityId: created.organization.id,
          },
          tx,
        );
        return created;
      }),
    "organization.subdomain",
  );
  const token = await startSession(
    { sub: admin.id, role: admin.role, org: organization.id, tenant: organization.subdomain, sv: 0 },
    device,
  );
  return { organization, admin, token };
}
