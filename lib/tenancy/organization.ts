import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { organizationPublicSelect, type OrganizationPublic } from "@/lib/server/selects";
import { hostTarget, type HostTarget } from "@/lib/tenancy/host";

export interface HostTenant {
  target: HostTarget;
  /** The host's organization, or null on the apex. */
  organization: OrganizationPublic | null;
}

/** Resolves the organization a Host header addresses. An unknown subdomain is a 404. */
export async function resolveHostTenant(host: string | null | undefined): Promise<HostTenant> {
  const target = hostTarget(host, env.APP_DOMAIN);
  if (target.kind === "invalid") throw new AppError("NOT_FOUND", "Organization not found");
  if (target.kind === "apex") return { target, organization: null };
  const organization = await db().organization.findUnique({ where: { subdomain: target.subdomain }, select: organizationPublicSelect });
  if (!organization) throw unknownOrganization(target.subdomain);
  return { target, organization };
}

export function unknownOrganization(subdomain: string): AppError {
  return new AppError("NOT_FOUND", `No organization uses the address '${subdomain}'`);
}
