import "server-only";
import { SamlStatusError, type Profile } from "@node-saml/node-saml";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log/logger";
import { samlConfigSchema } from "@/lib/schemas/identity-providers";
import { isId } from "@/lib/schemas/id";
import { openSecret } from "@/lib/server/secret-box";
import { identityFromClaims } from "@/lib/server/sso/claims";
import { samlAcsPath } from "@/lib/server/sso/paths";
import { SsoRefusal } from "@/lib/server/sso/refusals";
import { samlClient, spMetadataXml, type SamlProvider } from "@/lib/server/sso/saml-client";
import { SamlRequestCache, SAML_REQUEST_TTL_MS } from "@/lib/server/sso/saml-request-cache";
import { signInWithIdentity } from "@/lib/server/sso/sign-in-identity";
import { tenantId, type RequestContext } from "@/lib/tenancy/context";

// SAML 2.0 sign-in, SP-initiated: an AuthnRequest by HTTP-Redirect, the IdP's answer by HTTP-POST to our
// ACS. node-saml verifies the signed assertion, its audience, its time conditions, the issuer and the
// InResponseTo of a request we sent (the cache in PostgreSQL takes each request once). Checked here, on
// what the library has verified: the assertion's Recipient is our ACS, its InResponseTo names the pending
// request (not only the unsigned response around it), and its ID was never used before (the replay table).

const notFound = () => new AppError("NOT_FOUND", "This sign-in option does not exist here");

/** An enabled SAML provider of the host's organization: another organization's provider is unknown here. */
export async function readySamlProvider(
  ctx: RequestContext,
  providerId: string,
  enabledOnly = true,
): Promise<SamlProvider> {
  if (!isId(providerId)) throw notFound();
  const organizationId = tenantId(ctx);
  const row = await db().identityProvider.findFirst({
    where: { id: providerId, organizationId, protocol: "saml", ...(enabledOnly ? { enabled: true } : {}) },
    select: { id: true, name: true, jitEnabled: true, config: true, sealedSecret: true },
  });
  if (!row) throw notFound();
  const privateKey = row.sealedSecret ? openSecret(row.sealedSecret) : null;
  const config = samlConfigSchema.safeParse(row.config);
  if (!privateKey || !config.success) throw new SsoRefusal("misconfigured");
  return { organizationId, id: row.id, name: row.name, jitEnabled: row.jitEnabled, config: config.data, privateKey };
}

/** Our SP metadata, for the IdP's administrator (also while the provider is off, to set it up first). */
export async function getSpMetadata(ctx: RequestContext, providerId: string, origin: string): Promise<string> {
  return spMetadataXml(await readySamlProvider(ctx, providerId, false), origin);
}

/** Where to send the browser to sign in: the IdP's SSO service with a new AuthnRequest. */
export async function startSamlSignIn(
  ctx: RequestContext,
  providerId: string,
  origin: string,
  returnTo: string,
): Promise<string> {
  const provider = await readySamlProvider(ctx, providerId);
  const cache = new SamlRequestCache(provider.organizationId, provider.id, returnTo);
  return samlClient(provider, origin, cache).getAuthorizeUrlAsync("", undefined, {});
}

function refusal(provider: SamlProvider, error: unknown): SsoRefusal {
  const message = error instanceof Error ? error.message : String(error);
  const reason =
    error instanceof SamlStatusError ? "denied" : /InResponseTo/i.test(message) ? "unsolicited" : "invalid";
  logger().warn({ providerId: provider.id, reason, error: message }, "SAML sign-in refused");
  return new SsoRefusal(reason);
}

type XmlNode = { $?: Record<string, string>; [child: string]: unknown };
const first = (node: XmlNode | undefined, child: string): XmlNode | undefined =>
  (node?.[child] as XmlNode[] | undefined)?.[0];

/** What the verified assertion says beyond node-saml's own checks. */
function assertionFacts(profile: Profile) {
  // xml2js's reading of the verified assertion: the root element as an object, its children as lists.
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const confirmation = first(first(first(assertion, "Subject"), "SubjectConfirmation"), "SubjectConfirmationData");
  const conditions = first(assertion, "Conditions");
  const notOnOrAfter = conditions?.$?.NotOnOrAfter ?? confirmation?.$?.NotOnOrAfter;
  return {
    id: assertion?.$?.ID ?? null,
    recipient: confirmation?.$?.Recipient ?? null,
    inResponseTo: confirmation?.$?.InResponseTo ?? null,
    expiresAt: notOnOrAfter ? new Date(notOnOrAfter) : new Date(Date.now() + SAML_REQUEST_TTL_MS),
  };
}

/** Records the assertion as used; false when it already was (a replay). */
async function firstUse(provider: SamlProvider, assertionId: string, expiresAt: Date): Promise<boolean> {
  const { organizationId, id: providerId } = provider;
  try {
    // Kept at least as long as a request may be answered, whatever the assertion says of itself.
    const keepUntil = new Date(Math.max(expiresAt.getTime(), Date.now() + SAML_REQUEST_TTL_MS));
    await db().samlAssertion.create({ data: { organizationId, providerId, assertionId, expiresAt: keepUntil } });
    return true;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return false;
    throw error;
  }
}

/** The IdP's answer posted to our ACS: verified, then the account signed in. Returns the session token. */
export async function finishSamlSignIn(
  ctx: RequestContext,
  providerId: string,
  input: { samlResponse: string; origin: string; ip: string; userAgent: string | null },
): Promise<{ token: string; returnTo: string }> {
  const provider = await readySamlProvider(ctx, providerId);
  const cache = new SamlRequestCache(provider.organizationId, provider.id);
  let profile: Profile | null;
  try {
    ({ profile } = await samlClient(provider, input.origin, cache).validatePostResponseAsync({
      SAMLResponse: input.samlResponse,
    }));
  } catch (error) {
    throw refusal(provider, error);
  }
  if (!profile?.nameID) throw refusal(provider, new Error("The assertion names nobody"));
  const facts = assertionFacts(profile);
  if (facts.recipient !== input.origin + samlAcsPath(provider.id))
    throw refusal(provider, new Error(`The assertion is for another recipient: ${facts.recipient}`));
  if (!facts.inResponseTo || !cache.found.has(facts.inResponseTo))
    throw refusal(provider, new Error("The signed assertion's InResponseTo names no pending request"));
  if (!facts.id || !(await firstUse(provider, facts.id, facts.expiresAt))) {
    logger().warn({ providerId: provider.id, assertionId: facts.id }, "SAML assertion replayed");
    throw new SsoRefusal("expired");
  }

  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const identity = identityFromClaims(profile.nameID, provider.config, attributes);
  // SAML has no standard "verified" flag: the organization's own IdP vouches for the addresses it signs,
  // unless it says otherwise in an email_verified attribute.
  const verified = attributes.email_verified !== false && attributes.email_verified !== "false";
  const token = await signInWithIdentity(ctx, provider, { ...identity, emailVerified: verified }, input, {
    protocol: "saml",
    nameID: profile.nameID,
    nameIDFormat: profile.nameIDFormat,
    sessionIndex: profile.sessionIndex ?? null,
    nameQualifier: profile.nameQualifier ?? null,
    spNameQualifier: profile.spNameQualifier ?? null,
  });
  return { token, returnTo: cache.returnTo ?? "/dashboard" };
}
