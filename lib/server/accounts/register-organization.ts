import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { issueToken } from "@/lib/auth/token";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { RegisterOrganizationInput } from "@/lib/schemas/auth";
import { assertPasswordAllowed } from "@/lib/server/accounts/password-policy";
import { uniqueUsername } from "@/lib/server/accounts/unique-username";
import { audit } from "@/lib/server/audit";
import { organizationPublicSelect, userProfileSelect } from "@/lib/server/selects";
import { platformDefaults } from "@/lib/server/settings/queries";

const subdomainTaken = () =>
  new AppError("CONFLICT", "This subdomain is already taken", {
    fieldErrors: { "organization.subdomain": ["This subdomain is already taken"] },
  });

/** A new tenant and its first org_admin, in one transaction. The token is valid on the new subdomain. */
export async function registerOrganization(input: RegisterOrganizationInput) {
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
  try {
    const { organization, admin } = await db().$transaction(async (tx) => {
      const existing = await tx.organization.findUnique({
        where: { subdomain: input.organization.subdomain },
        select: { id: true },
      });
      if (existing) throw subdomainTaken();
      const organization = await tx.organization.create({
        data: { name: input.organization.name, subdomain: input.organization.subdomain, settings },
        select: organizationPublicSelect,
      });
      const admin = await tx.user.create({
        data: {
          organizationId: organization.id,
          role: "org_admin",
          firstName: input.admin.first_name,
          lastName: input.admin.last_name,
          email: input.admin.email,
          username: await uniqueUsername(tx, organization.id, input.admin.email),
          passwordHash,
        },
        select: userProfileSelect,
      });
      await audit(
        {
          organizationId: organization.id,
          actorId: admin.id,
          action: "organization.register",
          entityType: "organization",
          entityId: organization.id,
        },
        tx,
      );
      return { organization, admin };
    });
    const token = await issueToken({
      sub: admin.id,
      role: admin.role,
      org: organization.id,
      tenant: organization.subdomain,
      sv: 0,
    });
    return { organization, admin, token };
  } catch (error) {
    // Two sign-ups racing for one subdomain: the unique index decides, the loser gets the same 409.
    if (error instanceof Error && "code" in error && error.code === "P2002") throw subdomainTaken();
    throw error;
  }
}
