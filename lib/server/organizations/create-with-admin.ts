import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OrganizationSettings } from "@/lib/schemas/organization-settings";
import { uniqueUsername } from "@/lib/server/accounts/unique-username";
import { subdomainTaken } from "@/lib/server/organizations/access";
import { organizationPublicSelect, userProfileSelect } from "@/lib/server/selects";

// A new tenant and its first org_admin, written the same way whether the organization signs itself up
// on the apex or the superadmin provisions it.

export interface NewOrganization {
  name: string;
  subdomain: string;
  settings: OrganizationSettings;
  admin: { first_name: string; last_name: string; email: string };
  /** The first org_admin's password, or NO_PASSWORD_HASH when they are invited to set one. */
  passwordHash: string;
}

/**
 * Inside the caller's transaction: the organization and its first org_admin. A subdomain already in use is
 * a 409 with `subdomainField`'s field error (the request's name for it).
 */
export async function createOrganizationWithAdmin(
  tx: Prisma.TransactionClient,
  input: NewOrganization,
  subdomainField = "subdomain",
) {
  if (await tx.organization.findUnique({ where: { subdomain: input.subdomain }, select: { id: true } }))
    throw subdomainTaken(subdomainField);
  const organization = await tx.organization.create({
    data: { name: input.name, subdomain: input.subdomain, settings: input.settings },
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
      passwordHash: input.passwordHash,
    },
    select: userProfileSelect,
  });
  return { organization, admin };
}

/**
 * Runs `write`, which claims a subdomain. Two writes racing for one subdomain: the unique index decides,
 * and the loser gets the same 409 as a subdomain found taken.
 */
export async function claimingSubdomain<T>(write: () => Promise<T>, subdomainField = "subdomain"): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "P2002") throw subdomainTaken(subdomainField);
    throw error;
  }
}
