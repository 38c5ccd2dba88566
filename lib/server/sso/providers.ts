import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { EGRESS_REFUSED_MESSAGE, EgressRefusedError, resolveAllowed } from "@/lib/net/egress-guard";
import {
  oidcConfigSchema,
  type CreateIdentityProviderInput,
  type IdentityProviderView,
  type OidcConfig,
  type UpdateIdentityProviderInput,
} from "@/lib/schemas/identity-providers";
import { isId } from "@/lib/schemas/id";
import { audit } from "@/lib/server/audit";
import { sealSecret } from "@/lib/server/secret-box";
import { requireSettingsManager } from "@/lib/server/settings/mutations";
import { callbackPath } from "@/lib/server/sso/paths";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// The identity providers of the caller's organization, for whoever manages its settings. The client
// secret is sealed before it is stored and never leaves this module in clear; the audit log records
// only that it changed.

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
type ProviderRow = Prisma.IdentityProviderGetPayload<{ select: typeof providerSelect }>;

const notFound = () => new AppError("NOT_FOUND", "Identity provider not found");
const nameTaken = () =>
  new AppError("CONFLICT", "Another identity provider has this name", {
    fieldErrors: { name: ["Another identity provider has this name"] },
  });

function view(row: ProviderRow): IdentityProviderView {
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

function configOf(input: CreateIdentityProviderInput | UpdateIdentityProviderInput): OidcConfig {
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

/** An issuer the egress guard refuses is refused when saved, at its field (it is checked again at every fetch). */
async function refuseForbiddenIssuer(issuer: string): Promise<void> {
  try {
    await resolveAllowed(new URL(issuer).hostname);
  } catch (error) {
    if (error instanceof EgressRefusedError)
      throw new AppError("BAD_REQUEST", EGRESS_REFUSED_MESSAGE, { fieldErrors: { issuer: [EGRESS_REFUSED_MESSAGE] } });
  }
}

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
  return { data: rows.map(view) };
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
  return view(row);
}

export async function createIdentityProvider(
  ctx: TenantContext,
  input: CreateIdentityProviderInput,
): Promise<IdentityProviderView> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  await refuseForbiddenIssuer(input.issuer);
  const config = configOf(input);
  try {
    return await db().$transaction(async (tx) => {
      const row = await tx.identityProvider.create({
        data: {
          organizationId,
          protocol: input.protocol,
          name: input.name,
          enabled: input.enabled,
          jitEnabled: input.jitEnabled,
          config,
          sealedSecret: sealSecret(input.clientSecret),
        },
        select: providerSelect,
      });
      await audit(
        {
          organizationId,
          actorId: ctx.userId,
          action: "sso.provider.create",
          entityType: "identity_provider",
          entityId: row.id,
          data: { name: input.name, enabled: input.enabled, jitEnabled: input.jitEnabled, ...config },
        },
        tx,
      );
      return view(row);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

export async function updateIdentityProvider(
  ctx: TenantContext,
  providerId: string,
  input: UpdateIdentityProviderInput,
): Promise<IdentityProviderView> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  if (!isId(providerId)) throw notFound();
  await refuseForbiddenIssuer(input.issuer);
  const config = configOf(input);
  try {
    return await db().$transaction(async (tx) => {
      const { count } = await tx.identityProvider.updateMany({
        where: { id: providerId, organizationId },
        data: {
          name: input.name,
          enabled: input.enabled,
          jitEnabled: input.jitEnabled,
          config,
          ...(input.clientSecret !== undefined ? { sealedSecret: sealSecret(input.clientSecret) } : {}),
        },
      });
      if (count === 0) throw notFound();
      await audit(
        {
          organizationId,
          actorId: ctx.userId,
          action: "sso.provider.update",
          entityType: "identity_provider",
          entityId: providerId,
          data: {
            name: input.name,
            enabled: input.enabled,
            jitEnabled: input.jitEnabled,
            ...config,
            clientSecretChanged: input.clientSecret !== undefined,
          },
        },
        tx,
      );
      const row = await tx.identityProvider.findFirstOrThrow({
        where: { id: providerId, organizationId },
        select: providerSelect,
      });
      return view(row);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

export async function deleteIdentityProvider(ctx: TenantContext, providerId: string): Promise<void> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  if (!isId(providerId)) throw notFound();
  await db().$transaction(async (tx) => {
    const { count } = await tx.identityProvider.deleteMany({ where: { id: providerId, organizationId } });
    if (count === 0) throw notFound();
    await audit(
      {
        organizationId,
        actorId: ctx.userId,
        action: "sso.provider.delete",
        entityType: "identity_provider",
        entityId: providerId,
      },
      tx,
    );
  });
}
