import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
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

/** The protocol of an enabled provider of the host's organization; another organization's is unknown here. */
export async function signInProtocol(ctx: RequestContext, providerId: string): Promise<"oidc" | "saml"> {
  const row =
    ctx.organizationId && isId(providerId)
      ? await db().identityProvider.findFirst({
          where: { id: providerId, organizationId: ctx.organizationId, enabled: true },
          select: { protocol: true },
        })
      : null;
  if (!row) throw new AppError("NOT_FOUND", "This sign-in option does not exist here");
  return row.protocol;
}
