import "server-only";
import { logger } from "@/lib/log/logger";
import type { z } from "zod";
import type { samlSloQuerySchema } from "@/lib/schemas/identity-providers";
import { samlClient } from "@/lib/server/sso/saml-client";
import { SamlRequestCache } from "@/lib/server/sso/saml-request-cache";
import { readySamlProvider } from "@/lib/server/sso/saml-sign-in";
import { AFTER_LOGOUT_PATH } from "@/lib/server/sso/single-logout";
import type { RequestContext } from "@/lib/tenancy/context";

// Our SAML single logout service (HTTP-Redirect binding). Two messages arrive here:
//   - the IdP's LogoutResponse to the LogoutRequest we sent at logout (our session is already over): it
//     is checked (InResponseTo of our request, issuer, signature when signed) for the log, and the
//     browser goes on to the login page whatever it says;
//   - a LogoutRequest the IdP starts (the person logged out of another application): only a signed one
//     is honoured; this browser's session ends and the IdP gets its LogoutResponse.

export type SamlLogoutOutcome = { location: string; endSession: boolean };

export async function handleSamlLogout(
  ctx: RequestContext,
  providerId: string,
  message: { query: z.infer<typeof samlSloQuerySchema>; rawQuery: string },
  origin: string,
): Promise<SamlLogoutOutcome> {
  const provider = await readySamlProvider(ctx, providerId, false);
  const { query, rawQuery } = message;
  const cache = new SamlRequestCache(provider.organizationId, provider.id, AFTER_LOGOUT_PATH);
  const saml = samlClient(provider, origin, cache);
  const done = { location: AFTER_LOGOUT_PATH, endSession: true };
  try {
    if (query.SAMLRequest) {
      if (!query.Signature) throw new Error("An unsigned LogoutRequest");
      const { profile } = await saml.validateRedirectAsync(query, rawQuery);
      if (!profile) throw new Error("The LogoutRequest names nobody");
      const location = await saml.getLogoutResponseUrlAsync(profile, query.RelayState ?? "", {}, true);
      return { location, endSession: true };
    }
    if (query.SAMLResponse) await saml.validateRedirectAsync(query, rawQuery);
    return done;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger().warn({ providerId: provider.id, error: message }, "SAML single logout message refused");
    // A refused LogoutRequest ends nothing: a forged one must not sign people out.
    return query.SAMLRequest ? { location: AFTER_LOGOUT_PATH, endSession: false } : done;
  }
}
