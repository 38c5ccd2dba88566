import "server-only";
import { db } from "@/lib/db";
import type { SignInProvider } from "@/lib/schemas/identity-providers";
import type { RequestContext } from "@/lib/tenancy/context";

/** The login page's "Sign in with …" buttons: the host organization's enabled providers (none on the apex). */
export async function listSignInProviders(ctx: RequestContext): Promise<SignInProvider[]> {
  if (!ctx.organizationId) return [];
  return db().identityProvider.findMany({
    where: { organizationId: ctx.organizationId, enabled: true },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
}
