import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { organizationPublicSelect, type OrganizationPublic } from "@/lib/server/selects";
import { hostTarget } from "@/lib/tenancy/host";

/** The organization a Host header addresses, or null on the apex. An unknown subdomain is a 404. */
export async function resolveHostOrganization(host: string | null | undefined): Promise<OrganizationPublic | null> {
  const target = hostTarget(host, env.APP_DOMAIN, env.CONTENT_DOMAIN);
  // A content host serves only the content routes, which resolve it themselves (lib/server/scorm/content-access.ts).
  if (target.kind === "invalid" || target.kind === "content") throw new AppError("NOT_FOUND", "Organization not found");
  if (target.kind === "apex") return null;
  const organization = await db().organization.findUnique({
    where: { subdomain: target.subdomain },
    select: organizationPublicSelect,
  });
  if (!organization) throw unknownOrganization(target.subdomain);
  return organization;
}

export function unknownOrganization(subdomain: string): AppError {
  return new AppError("NOT_FOUND", `No organization uses the address '${subdomain}'`);
}
