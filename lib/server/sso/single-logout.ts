import "server-only";
import { db } from "@/lib/db";
import { logger } from "@/lib/log/logger";
import { oidcConfigSchema, samlConfigSchema } from "@/lib/schemas/identity-providers";
import { isId } from "@/lib/schemas/id";
import { openSecret } from "@/lib/server/secret-box";
import { oidcClient } from "@/lib/server/sso/oidc-client";
import { callbackPath } from "@/lib/server/sso/paths";
import { samlClient } from "@/lib/server/sso/saml-client";
import { SamlRequestCache } from "@/lib/server/sso/saml-request-cache";

// Single logout: a session signed in through an identity provider ends there too, where the provider
// offers it (OIDC RP-initiated logout with id_token_hint; SAML SingleLogoutService, HTTP-Redirect). Our
// own session ends first and whatever happens: this only says where to send the browser next, and any
// failure to build that address (provider gone, unreachable, misconfigured) just means "to the login page".

/** What a sign-in keeps (sealed) for its logout. */
export type LogoutHandle =
  | { protocol: "oidc"; idToken: string | null }
  | {
      protocol: "saml";
      nameID: string;
      nameIDFormat: string;
      sessionIndex: string | null;
      nameQualifier: string | null;
      spNameQualifier: string | null;
    };

export const AFTER_LOGOUT_PATH = "/login";

interface EndedSession {
  organizationId: string;
  userId: string;
  sessionId: string;
  origin: string;
}

/**
 * Forgets the SSO session `sessionId` of `userId` and answers the provider's logout address for it, or
 * null (no such session, a provider without single logout, or a failure, which is logged).
 */
export async function endSsoSession({
  organizationId,
  userId,
  sessionId,
  origin,
}: EndedSession): Promise<string | null> {
  if (!isId(sessionId)) return null;
  const row = await db().ssoSession.findFirst({
    where: { organizationId, id: sessionId, userId },
    select: {
      sealedLogout: true,
      provider: {
        select: { id: true, name: true, jitEnabled: true, protocol: true, config: true, sealedSecret: true },
      },
    },
  });
  await db().ssoSession.deleteMany({ where: { organizationId, id: sessionId } });
  if (!row) return null;
  const { provider } = row;
  try {
    const handle = JSON.parse(openSecret(row.sealedLogout) ?? "null") as LogoutHandle | null;
    const secret = provider.sealedSecret ? openSecret(provider.sealedSecret) : null;
    if (!handle || !secret) return null;
    if (handle.protocol === "oidc" && provider.protocol === "oidc") {
      const config = oidcConfigSchema.parse(provider.config);
      const client = await oidcClient(config, secret, origin + callbackPath(provider.id));
      if (!client.issuer.metadata.end_session_endpoint) return null;
      return client.endSessionUrl({
        ...(handle.idToken ? { id_token_hint: handle.idToken } : {}),
        post_logout_redirect_uri: origin + AFTER_LOGOUT_PATH,
      });
    }
    if (handle.protocol === "saml" && provider.protocol === "saml") {
      const config = samlConfigSchema.parse(provider.config);
      if (!config.idpSloUrl) return null;
      const cache = new SamlRequestCache(organizationId, provider.id, AFTER_LOGOUT_PATH);
      const saml = samlClient({ ...provider, organizationId, config, privateKey: secret }, origin, cache);
      return await saml.getLogoutUrlAsync(
        {
          issuer: config.idpEntityId,
          nameID: handle.nameID,
          nameIDFormat: handle.nameIDFormat,
          ...(handle.sessionIndex ? { sessionIndex: handle.sessionIndex } : {}),
          ...(handle.nameQualifier ? { nameQualifier: handle.nameQualifier } : {}),
          ...(handle.spNameQualifier ? { spNameQualifier: handle.spNameQualifier } : {}),
        },
        "",
        {},
      );
    }
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger().warn({ providerId: provider.id, error: message }, "Single logout at the identity provider skipped");
    return null;
  }
}
