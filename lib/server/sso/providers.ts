import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log/logger";
import { EGRESS_REFUSED_MESSAGE, EgressRefusedError, resolveAllowed } from "@/lib/net/egress-guard";
import {
  oidcConfigSchema,
  samlConfigSchema,
  type CreateIdentityProviderInput,
  type IdentityProviderView,
  type OidcConfig,
  type OidcProviderInput,
  type SamlConfig,
  type SamlProviderInput,
  type UpdateIdentityProviderInput,
} from "@/lib/schemas/identity-providers";
import { isId } from "@/lib/schemas/id";
import { audit, auditActor } from "@/lib/server/audit";
import { sealSecret } from "@/lib/server/secret-box";
import { requireSettingsManager } from "@/lib/server/settings/mutations";
import { callbackPath, samlAcsPath, samlMetadataPath, samlSloPath } from "@/lib/server/sso/paths";
import { openIdentityProviderDraft } from "@/lib/server/sso/provider-drafts";
import { generateSpKeyPair, type SpKeyPair } from "@/lib/server/sso/saml-keys";
import { fetchIdpMetadata, parseIdpMetadata } from "@/lib/server/sso/saml-metadata";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// The identity providers of the caller's organization, for whoever manages its settings. The client
// secret (OIDC) and the service provider's private key (SAML, made here) are sealed before they are
// stored and never leave this module in clear; the audit log records only that a secret changed.

const providerSelect = {
  id: true,
  protocol: true,
  name: true,
  enabled: true,
  jitEnabled: true,
  config: true,
  sealedSecret: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.IdentityProviderSelect;
export type IdentityProviderRow = Prisma.IdentityProviderGetPayload<{ select: typeof providerSelect }>;

const notFound = () => new AppError("NOT_FOUND", "Identity provider not found");
const nameTaken = () =>
  new AppError("CONFLICT", "Another identity provider has this name", {
    fieldErrors: { name: ["Another identity provider has this name"] },
  });

/** A provider as the settings page and the API show it: its secret only as whether there is one. */
export function identityProviderView(row: IdentityProviderRow): IdentityProviderView {
  if (row.protocol === "saml") {
    const config = samlConfigSchema.parse(row.config);
    return {
      id: row.id,
      protocol: "saml",
      name: row.name,
      enabled: row.enabled,
      jitEnabled: row.jitEnabled,
      ...config,
      hasPrivateKey: row.sealedSecret !== null,
      metadataPath: samlMetadataPath(row.id),
      acsPath: samlAcsPath(row.id),
      sloPath: samlSloPath(row.id),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  const config = oidcConfigSchema.parse(row.config);
  return {
    id: row.id,
    protocol: "oidc",
    name: row.name,
    enabled: row.enabled,
    jitEnabled: row.jitEnabled,
    ...config,
    hasClientSecret: row.sealedSecret !== null,
    redirectPath: callbackPath(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function configOf(input: OidcProviderInput): OidcConfig {
  const { issuer, clientId, scopes, emailClaim, firstNameClaim, lastNameClaim, roleClaim } = input;
  const { instructorValues, orgAdminValues } = input;
  return {
    issuer,
    clientId,
    scopes,
    emailClaim,
    firstNameClaim,
    lastNameClaim,
    roleClaim,
    instructorValues,
    orgAdminValues,
  };
}

/** The IdP's metadata as given, or read now from its URL (through the egress guard), and what it says. */
async function samlConfigOf(input: SamlProviderInput, spCertificate: string): Promise<SamlConfig> {
  const { metadataUrl, emailClaim, firstNameClaim, lastNameClaim, roleClaim, instructorValues, orgAdminValues } = input;
  const metadataXml = metadataUrl ? await fetchIdpMetadata(metadataUrl) : input.metadataXml;
  const idp = parseIdpMetadata(metadataXml, metadataUrl ? "metadataUrl" : "metadataXml");
  return {
    metadataUrl,
    metadataXml,
    idpEntityId: idp.entityId,
    idpSsoUrl: idp.ssoUrl,
    idpSloUrl: idp.sloUrl,
    idpCertificates: idp.certificates,
    spCertificate,
    emailClaim,
    firstNameClaim,
    lastNameClaim,
    roleClaim,
    instructorValues,
    orgAdminValues,
  };
}

/** What the audit log keeps of a configuration: no secret, and not the whole metadata document. */
function auditedConfig(config: OidcConfig | SamlConfig): Record<string, unknown> {
  if (!("metadataXml" in config)) return config;
  const { metadataXml: _xml, idpCertificates: _certs, spCertificate: _sp, ...rest } = config;
  return rest;
}

interface StoredFields {
  config: OidcConfig | SamlConfig;
  /** A new sealed secret, or undefined to keep the stored one. */
  sealedSecret: string | undefined;
}

/**
 * The config and the secret to store for `input`. SAML: `spCertificate` is the saved provider's (its key
 * is kept); a new provider stores the key pair its draft reserved, or a new one.
 */
async function storedFields(
  input: CreateIdentityProviderInput | UpdateIdentityProviderInput,
  spCertificate: string | null,
  draftKeys: SpKeyPair | null = null,
): Promise<StoredFields> {
  if (input.protocol === "oidc") {
    await refuseForbiddenIssuer(input.issuer);
    return {
      config: configOf(input),
      sealedSecret: input.clientSecret !== undefined ? sealSecret(input.clientSecret) : undefined,
    };
  }
  if (spCertificate) return { config: await samlConfigOf(input, spCertificate), sealedSecret: undefined };
  const keys = draftKeys ?? generateSpKeyPair(`LMS SAML SP ${input.name}`);
  return { config: await samlConfigOf(input, keys.certificatePem), sealedSecret: sealSecret(keys.privateKeyPem) };
}

/**
 * An issuer the egress guard refuses is refused when saved, at its field (it is checked again at every
 * fetch). One that cannot be looked up now (a name that does not resolve yet, a lookup that timed out) is
 * saved unchecked, as an administrator may set up the provider before its name exists: the log says so.
 */
async function refuseForbiddenIssuer(issuer: string): Promise<void> {
  try {
    await resolveAllowed(new URL(issuer).hostname);
  } catch (error) {
    if (error instanceof EgressRefusedError)
      throw new AppError("BAD_REQUEST", EGRESS_REFUSED_MESSAGE, { fieldErrors: { issuer: [EGRESS_REFUSED_MESSAGE] } });
    logger().warn({ issuer, err: error }, "The OIDC issuer could not be checked: saved unchecked");
  }
}

const draftUsed = () =>
  new AppError("CONFLICT", "This provider is already saved: open it from the list to change it", {
    fieldErrors: { draft: ["This provider is already saved: open it from the list to change it"] },
  });

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function listIdentityProviders(ctx: TenantContext): Promise<{ data: IdentityProviderView[] }> {
  requireSettingsManager(ctx);
  const rows = await db().identityProvider.findMany({
    where: { organizationId: tenantId(ctx) },
    select: providerSelect,
    orderBy: { name: "asc" },
  });
  return { data: rows.map(identityProviderView) };
}

export async function getIdentityProvider(ctx: TenantContext, providerId: string): Promise<IdentityProviderView> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  if (!isId(providerId)) throw notFound();
  const row = await db().identityProvider.findFirst({
    where: { id: providerId, organizationId },
    select: providerSelect,
  });
  if (!row) throw notFound();
  return identityProviderView(row);
}

export async function createIdentityProvider(
  ctx: TenantContext,
  input: CreateIdentityProviderInput,
  ip: string | null = null,
): Promise<IdentityProviderView> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  const draft = input.draft ? openIdentityProviderDraft(ctx, input.draft, input.protocol) : null;
  if (
    draft &&
    (await db().identityProvider.findFirst({ where: { id: draft.id, organizationId }, select: { id: true } }))
  )
    throw draftUsed();
  const { config, sealedSecret } = await storedFields(input, null, draft?.keys);
  try {
    return await db().$transaction(async (tx) => {
      const row = await tx.identityProvider.create({
        data: {
          ...(draft ? { id: draft.id } : {}),
          organizationId,
          protocol: input.protocol,
          name: input.name,
          enabled: input.enabled,
          jitEnabled: input.jitEnabled,
          config,
          sealedSecret: sealedSecret ?? null,
        },
        select: providerSelect,
      });
      await audit(
        {
          organizationId,
          ...auditActor(ctx),
          action: "sso.provider.create",
          entityType: "identity_provider",
          entityId: row.id,
          ip,
          data: {
            protocol: input.protocol,
            name: input.name,
            enabled: input.enabled,
            jitEnabled: input.jitEnabled,
            ...auditedConfig(config),
          },
        },
        tx,
      );
      return identityProviderView(row);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

export async function updateIdentityProvider(
  ctx: TenantContext,
  providerId: string,
  input: UpdateIdentityProviderInput,
  ip: string | null = null,
): Promise<IdentityProviderView> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  if (!isId(providerId)) throw notFound();
  const current = await db().identityProvider.findFirst({
    where: { id: providerId, organizationId },
    select: { protocol: true, config: true },
  });
  if (!current) throw notFound();
  if (current.protocol !== input.protocol)
    throw new AppError("BAD_REQUEST", "A provider's protocol cannot change: add a new provider instead", {
      fieldErrors: { protocol: ["A provider's protocol cannot change: add a new provider instead"] },
    });
  const spCertificate = current.protocol === "saml" ? samlConfigSchema.parse(current.config).spCertificate : null;
  const { config, sealedSecret } = await storedFields(input, spCertificate);
  try {
    return await db().$transaction(async (tx) => {
      const { count } = await tx.identityProvider.updateMany({
        where: { id: providerId, organizationId },
        data: {
          name: input.name,
          enabled: input.enabled,
          jitEnabled: input.jitEnabled,
          config,
          ...(sealedSecret !== undefined ? { sealedSecret } : {}),
        },
      });
      if (count === 0) throw notFound();
      await audit(
        {
          organizationId,
          ...auditActor(ctx),
          action: "sso.provider.update",
          entityType: "identity_provider",
          entityId: providerId,
          ip,
          data: {
            name: input.name,
            enabled: input.enabled,
            jitEnabled: input.jitEnabled,
            ...auditedConfig(config),
            ...(input.protocol === "oidc" ? { clientSecretChanged: input.clientSecret !== undefined } : {}),
          },
        },
        tx,
      );
      const row = await tx.identityProvider.findFirstOrThrow({
        where: { id: providerId, organizationId },
        select: providerSelect,
      });
      return identityProviderView(row);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

export async function deleteIdentityProvider(
  ctx: TenantContext,
  providerId: string,
  ip: string | null = null,
): Promise<void> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  if (!isId(providerId)) throw notFound();
  await db().$transaction(async (tx) => {
    const { count } = await tx.identityProvider.deleteMany({ where: { id: providerId, organizationId } });
    if (count === 0) throw notFound();
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "sso.provider.delete",
        entityType: "identity_provider",
        entityId: providerId,
        ip,
      },
      tx,
    );
  });
}
