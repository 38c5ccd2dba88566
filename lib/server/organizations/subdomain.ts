import "server-only";
import { db } from "@/lib/db";
import type { ChangeSubdomainInput } from "@/lib/schemas/organizations";
import { audit, auditActor } from "@/lib/server/audit";
import { requirePlatformOrganization, subdomainTaken } from "@/lib/server/organizations/access";
import { claimingSubdomain } from "@/lib/server/organizations/create-with-admin";
import type { OrganizationAdminJson } from "@/lib/server/organizations/json";
import { endSessions } from "@/lib/server/organizations/mutations";
import { getOrganization } from "@/lib/server/organizations/queries";
import type { TenantContext } from "@/lib/tenancy/context";

/**
 * Moves an organization to another subdomain (the superadmin). The old host stops serving it at once
 * (an unknown subdomain is 'Page Not Found'), every session of its users ends (a token names the host it
 * was issued on, and their sessionVersion moves on too), and the audit log records who did it.
 */
export async function changeSubdomain(
  ctx: TenantContext,
  organizationId: string,
  input: ChangeSubdomainInput,
): Promise<OrganizationAdminJson> {
  const organization = await requirePlatformOrganization(ctx, organizationId);
  const { id, subdomain: from } = organization;
  if (input.subdomain !== from) {
    await claimingSubdomain(() =>
      db().$transaction(async (tx) => {
        const taken = await tx.organization.findUnique({ where: { subdomain: input.subdomain }, select: { id: true } });
        if (taken) throw subdomainTaken();
        await tx.organization.update({ where: { id }, data: { subdomain: input.subdomain } });
        await endSessions(tx, id);
        await audit(
          {
            organizationId: id,
            ...auditActor(ctx),
            action: "organization.subdomain.change",
            entityType: "organization",
            entityId: id,
            data: { from, to: input.subdomain },
          },
          tx,
        );
      }),
    );
  }
  return getOrganization(ctx, id);
}
