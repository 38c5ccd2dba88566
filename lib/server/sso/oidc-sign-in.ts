import "server-only";
import { errors as oidcErrors, generators, type Client } from "openid-client";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log/logger";
import { oidcConfigSchema, type OidcConfig } from "@/lib/schemas/identity-providers";
import { isId } from "@/lib/schemas/id";
import { openSecret } from "@/lib/server/secret-box";
import { identityFromClaims } from "@/lib/server/sso/claims";
import { oidcClient } from "@/lib/server/sso/oidc-client";
import { callbackPath } from "@/lib/server/sso/paths";
import { SsoRefusal } from "@/lib/server/sso/refusals";
import { signInWithIdentity } from "@/lib/server/sso/sign-in-identity";
import { tenantId, type RequestContext } from "@/lib/tenancy/context";

// OpenID Connect sign-in: the authorization code flow with PKCE. The pending request (state, nonce, code
// verifier) waits in PostgreSQL, so any app node can finish it, once; the browser that started it holds
// the state in a cookie too (the route's job), so a callback address sent to someone else signs nobody in.
// openid-client checks the ID token's signature, issuer, audience, expiry, nonce and the state.

const REQUEST_TTL_MS = 10 * 60 * 1000;

interface ReadyProvider {
  id: string;
  name: string;
  jitEnabled: boolean;
  config: OidcConfig;
  secret: string;
}

/** An enabled OIDC provider of the host's organization: another organization's provider is unknown here. */
async function readyProvider(ctx: RequestContext, providerId: string): Promise<ReadyProvider> {
  const notFound = new AppError("NOT_FOUND", "This sign-in option does not exist here");
  if (!isId(providerId)) throw notFound;
  const row = await db().identityProvider.findFirst({
    where: { id: providerId, organizationId: tenantId(ctx), enabled: true, protocol: "oidc" },
    select: { id: true, name: true, jitEnabled: true, config: true, sealedSecret: true },
  });
  if (!row) throw notFound;
  const secret = row.sealedSecret ? openSecret(row.sealedSecret) : null;
  if (!secret) throw new SsoRefusal("misconfigured");
  return { id: row.id, name: row.name, jitEnabled: row.jitEnabled, config: oidcConfigSchema.parse(row.config), secret };
}

function isVerificationFailure(error: unknown): boolean {
  return error instanceof oidcErrors.RPError || error instanceof oidcErrors.OPError;
}

/** Logs why (the library's message only: never a token, a secret or the provider's whole answer). */
function refusal(provider: ReadyProvider, step: string, error: unknown): SsoRefusal {
  const reason = isVerificationFailure(error) ? "invalid" : "unreachable";
  const message = error instanceof Error ? error.message : String(error);
  logger().warn({ providerId: provider.id, step, reason, error: message }, "OIDC sign-in refused");
  return new SsoRefusal(reason);
}

async function connect(provider: ReadyProvider, origin: string): Promise<Client> {
  try {
    return await oidcClient(provider.config, provider.secret, origin + callbackPath(provider.id));
  } catch (error) {
    throw refusal(provider, "discovery", error);
  }
}

/** Where to send the browser to sign in, and the state the route keeps in the browser's cookie. */
export async function startOidcSignIn(
  ctx: RequestContext,
  providerId: string,
  origin: string,
  returnTo: string,
): Promise<{ url: string; state: string }> {
  const provider = await readyProvider(ctx, providerId);
  const client = await connect(provider, origin);
  const state = generators.state();
  const nonce = generators.nonce();
  const codeVerifier = generators.codeVerifier();
  const organizationId = tenantId(ctx);
  await db().ssoRequest.deleteMany({ where: { organizationId, expiresAt: { lt: new Date() } } });
  await db().ssoRequest.create({
    data: {
      id: state,
      organizationId,
      providerId: provider.id,
      codeVerifier,
      nonce,
      returnTo,
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
    },
  });
  const url = client.authorizationUrl({
    scope: provider.config.scopes,
    state,
    nonce,
    code_challenge: generators.codeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return { url, state };
}

/** Takes the pending request for `state` out, once: a second use, or one past its time, is refused. */
async function takeRequest(organizationId: string, providerId: string, state: string) {
  const request = await db().ssoRequest.findFirst({ where: { id: state, organizationId, providerId } });
  if (!request) throw new SsoRefusal("expired");
  const { count } = await db().ssoRequest.deleteMany({ where: { id: state, organizationId } });
  if (count === 0 || request.expiresAt.getTime() < Date.now()) throw new SsoRefusal("expired");
  return request;
}

/** The provider's answer at our callback: verified, then the account signed in. Returns the session token. */
export async function finishOidcSignIn(
  ctx: RequestContext,
  providerId: string,
  input: { callbackUrl: URL; browserState: string | undefined; origin: string; ip: string; userAgent: string | null },
): Promise<{ token: string; returnTo: string }> {
  const provider = await readyProvider(ctx, providerId);
  const params = input.callbackUrl.searchParams;
  if (params.has("error")) throw new SsoRefusal("denied");
  const state = params.get("state");
  if (!state || state !== input.browserState) throw new SsoRefusal("expired");
  const request = await takeRequest(tenantId(ctx), provider.id, state);

  const client = await connect(provider, input.origin);
  let claims: Record<string, unknown>;
  let subject: string;
  let idToken: string | null;
  try {
    const tokenSet = await client.callback(
      input.origin + callbackPath(provider.id),
      client.callbackParams(input.callbackUrl.toString()),
      { state: request.id, nonce: request.nonce, code_verifier: request.codeVerifier, response_type: "code" },
    );
    const idClaims = tokenSet.claims();
    idToken = tokenSet.id_token ?? null;
    subject = idClaims.sub;
    // Some providers put only the subject in the ID token and the profile behind userinfo.
    const profile =
      tokenSet.access_token && client.issuer.metadata.userinfo_endpoint ? await client.userinfo(tokenSet) : {};
    claims = { ...profile, ...idClaims };
  } catch (error) {
    throw refusal(provider, "callback", error);
  }
  const identity = identityFromClaims(subject, provider.config, claims);
  const token = await signInWithIdentity(ctx, provider, identity, input, { protocol: "oidc", idToken });
  return { token, returnTo: request.returnTo };
}
