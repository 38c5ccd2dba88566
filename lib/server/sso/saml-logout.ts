import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { logger } from "@/lib/log/logger";
import type { samlSloQuerySchema } from "@/lib/schemas/identity-providers";
import { samlClient, type SamlProvider } from "@/lib/server/sso/saml-client";
import { SamlRequestCache } from "@/lib/server/sso/saml-request-cache";
import { readySamlProvider } from "@/lib/server/sso/saml-sign-in";
import { AFTER_LOGOUT_PATH } from "@/lib/server/sso/single-logout";
import type { RequestContext } from "@/lib/tenancy/context";

// Our SAML single logout service, by HTTP-Redirect (a GET with a detached signature in the query) and by
// HTTP-POST (a form whose XML carries its enveloped signature). Two messages arrive here:
//   - the IdP's LogoutResponse to the LogoutRequest we sent at logout (our session is already over): it
//     is checked (InResponseTo of our request, issuer, signature when signed) for the log, and the
//     browser goes on to the login page whatever it says;
//   - a LogoutRequest the IdP starts (the person logged out of another application): only a signed one
//     is honoured; every session the person signed in to through this IdP ends on the server (a POST
//     from the IdP's page carries no SameSite=Lax cookie, so the browser's cookie cannot be what names
//     them), this browser's cookie goes, and the IdP gets its LogoutResponse.

type SloQuery = z.infer<typeof samlSloQuerySchema>;
export type SamlLogoutMessage =
  | { binding: "redirect"; query: SloQuery; rawQuery: string }
  | { binding: "post"; form: Pick<SloQuery, "SAMLRequest" | "SAMLResponse" | "RelayState"> };

export type SamlLogoutOutcome = { location: string; endSession: boolean };

export async function handleSamlLogout(
  ctx: RequestContext,
  providerId: string,
  message: SamlLogoutMessage,
  origin: string,
): Promise<SamlLogoutOutcome> {
  const provider = await readySamlProvider(ctx, providerId, false);
  const fields = message.binding === "redirect" ? message.query : message.form;
  const cache = new SamlRequestCache(provider.organizationId, provider.id, AFTER_LOGOUT_PATH);
  const saml = samlClient(provider, origin, cache);
  const done = { location: AFTER_LOGOUT_PATH, endSession: true };
  try {
    if (fields.SAMLRequest) {
      const { profile } =
        message.binding === "redirect"
          ? await validRedirect(saml, message.query, message.rawQuery)
          : await saml.validatePostRequestAsync({ SAMLRequest: fields.SAMLRequest });
      if (!profile?.nameID) throw new Error("The LogoutRequest names nobody");
      await endProviderSessions(provider, profile.nameID);
      if (!provider.config.idpSloUrl) return done;
      const location = await saml.getLogoutResponseUrlAsync(profile, fields.RelayState ?? "", {}, true);
      return { location, endSession: true };
    }
    if (fields.SAMLResponse) {
      if (message.binding === "redirect") await saml.validateRedirectAsync(message.query, message.rawQuery);
      else await saml.validatePostResponseAsync({ SAMLResponse: fields.SAMLResponse });
    }
    return done;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    logger().warn({ providerId: provider.id, error: text }, "SAML single logout message refused");
    // A refused LogoutRequest ends nothing: a forged one must not sign people out.
    return fields.SAMLRequest ? { location: AFTER_LOGOUT_PATH, endSession: false } : done;
  }
}

function validRedirect(saml: ReturnType<typeof samlClient>, query: SloQuery, rawQuery: string) {
  if (!query.Signature) throw new Error("An unsigned LogoutRequest");
  return saml.validateRedirectAsync(query, rawQuery);
}

/**
 * Ends, on every app node, the sessions `nameID` signed in to through `provider`: a LogoutRequest names a
 * person at the IdP, not one of our browsers. Without a SessionIndex that is what it asks for; with one,
 * it is at most the person's other sessions through the same IdP as well, which the IdP has ended too.
 */
async function endProviderSessions(provider: SamlProvider, nameID: string): Promise<void> {
  const { organizationId } = provider;
  const identity = await db().userIdentity.findFirst({
    where: { organizationId, providerId: provider.id, subject: nameID },
    select: { userId: true },
  });
  if (!identity) return;
  const { userId } = identity;
  await db().$transaction(async (tx) => {
    const ssoSessions = await tx.ssoSession.findMany({
      where: { organizationId, providerId: provider.id, userId },
      select: { id: true },
    });
    const ids = ssoSessions.map((s) => s.id);
    await tx.session.deleteMany({ where: { organizationId, userId, ssoSessionId: { in: ids } } });
    await tx.ssoSession.deleteMany({ where: { organizationId, id: { in: ids } } });
  });
}
