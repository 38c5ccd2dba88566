import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log/logger";
import { EGRESS_REFUSED_MESSAGE, EgressRefusedError, resolveAllowed } from "@/lib/net/egress-guard";
import { isId } from "@/lib/schemas/id";
import type {
  CreateWebhookEndpointInput,
  RollWebhookSecretInput,
  UpdateWebhookEndpointInput,
  WebhookEndpointView,
  WebhookSecretView,
} from "@/lib/schemas/webhooks";
import { audit, auditActor } from "@/lib/server/audit";
import { openSecret, sealSecret } from "@/lib/server/secret-box";
import { requireSettingsManager } from "@/lib/server/settings/mutations";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { newWebhookSecret } from "@/lib/webhooks/signature";

// The webhook endpoints of the caller's organization, for whoever manages its settings. The signing secret
// is made here, stored sealed, and shown to them on request (the receiver needs it to verify).

const endpointSelect = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  disabledReason: true,
  failingSince: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.WebhookEndpointSelect;
type EndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof endpointSelect }>;

const iso = (date: Date | null) => date?.toISOString() ?? null;
export const endpointNotFound = () => new AppError("NOT_FOUND", "Webhook endpoint not found");

function endpointView(row: EndpointRow, now = new Date()): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? iso(row.previousSecretExpiresAt) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A URL the egress guard refuses is refused when saved, at its field (every delivery checks it again). A
 * name that cannot be looked up now is saved unchecked: the receiver may not exist yet.
 */
async function refuseForbiddenUrl(url: string): Promise<void> {
  try {
    await resolveAllowed(new URL(url).hostname);
  } catch (error) {
    if (error instanceof EgressRefusedError)
      throw new AppError("BAD_REQUEST", EGRESS_REFUSED_MESSAGE, { fieldErrors: { url: [EGRESS_REFUSED_MESSAGE] } });
    logger().warn({ url, err: error }, "The webhook URL could not be checked: saved unchecked");
  }
}

/** The caller's organization id, once they may manage its settings, and `endpointId` checked as an id. */
export function manageableScope(ctx: TenantContext, endpointId?: string): string {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  if (endpointId !== undefined && !isId(endpointId)) throw endpointNotFound();
  return organizationId;
}

export async function listWebhookEndpoints(ctx: TenantContext): Promise<{ data: WebhookEndpointView[] }> {
  const organizationId = manageableScope(ctx);
  const rows = await db().webhookEndpoint.findMany({
    where: { organizationId },
    select: endpointSelect,
    orderBy: { createdAt: "asc" },
  });
  return { data: rows.map((row) => endpointView(row)) };
}

export async function getWebhookEndpoint(ctx: TenantContext, endpointId: string): Promise<WebhookEndpointView> {
  const organizationId = manageableScope(ctx, endpointId);
  const row = await db().webhookEndpoint.findFirst({
    where: { organizationId, id: endpointId },
    select: endpointSelect,
  });
  if (!row) throw endpointNotFound();
  return endpointView(row);
}

export async function createWebhookEndpoint(
  ctx: TenantContext,
  input: CreateWebhookEndpointInput,
  ip: string | null = null,
): Promise<WebhookEndpointView> {
  const organizationId = manageableScope(ctx);
  await refuseForbiddenUrl(input.url);
  return db().$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.create({
      data: {
        organizationId,
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        enabled: input.enabled,
        sealedSecret: sealSecret(newWebhookSecret()),
      },
      select: endpointSelect,
    });
    const { url, eventTypes, enabled } = input;
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "webhook.endpoint.create",
        entityType: "webhook_endpoint",
        entityId: row.id,
        ip,
        data: { url, eventTypes, enabled },
      },
      tx,
    );
    return endpointView(row);
  });
}

export async function updateWebhookEndpoint(
  ctx: TenantContext,
  endpointId: string,
  input: UpdateWebhookEndpointInput,
  ip: string | null = null,
): Promise<WebhookEndpointView> {
  const organizationId = manageableScope(ctx, endpointId);
  if (input.url !== undefined) await refuseForbiddenUrl(input.url);
  return db().$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { organizationId, id: endpointId },
      data: {
        ...input,
        // Turned on again (or off) by an admin: the system's reason no longer applies; a fresh start.
        ...(input.enabled !== undefined ? { disabledReason: null, failingSince: null } : {}),
      },
    });
    if (count === 0) throw endpointNotFound();
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "webhook.endpoint.update",
        entityType: "webhook_endpoint",
        entityId: endpointId,
        ip,
        data: { ...input },
      },
      tx,
    );
    const row = await tx.webhookEndpoint.findFirstOrThrow({
      where: { organizationId, id: endpointId },
      select: endpointSelect,
    });
    return endpointView(row);
  });
}

export async function deleteWebhookEndpoint(
  ctx: TenantContext,
  endpointId: string,
  ip: string | null = null,
): Promise<void> {
  const organizationId = manageableScope(ctx, endpointId);
  await db().$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.findFirst({
      where: { organizationId, id: endpointId },
      select: { url: true },
    });
    if (!row) throw endpointNotFound();
    await tx.webhookEndpoint.deleteMany({ where: { organizationId, id: endpointId } });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "webhook.endpoint.delete",
        entityType: "webhook_endpoint",
        entityId: endpointId,
        ip,
        data: { url: row.url },
      },
      tx,
    );
  });
}

/** The endpoint's current signing secret, in clear, for its receiver. */
export async function getWebhookSecret(ctx: TenantContext, endpointId: string): Promise<WebhookSecretView> {
  const organizationId = manageableScope(ctx, endpointId);
  const row = await db().webhookEndpoint.findFirst({
    where: { organizationId, id: endpointId },
    select: { sealedSecret: true, previousSecretExpiresAt: true },
  });
  if (!row) throw endpointNotFound();
  const secret = openSecret(row.sealedSecret);
  if (!secret)
    throw new AppError(
      "CONFLICT",
      "The signing secret cannot be read (the server's key changed): roll it to make a new one",
    );
  const expires =
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt : null;
  return { secret, previousSecretExpiresAt: iso(expires) };
}

/** A new secret; the old one keeps signing beside it for `overlapHours` (0: stops now). Audited. */
export async function rollWebhookSecret(
  ctx: TenantContext,
  endpointId: string,
  input: RollWebhookSecretInput,
  ip: string | null = null,
): Promise<WebhookSecretView> {
  const organizationId = manageableScope(ctx, endpointId);
  const secret = newWebhookSecret();
  const expires = input.overlapHours > 0 ? new Date(Date.now() + input.overlapHours * 3_600_000) : null;
  await db().$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.findFirst({
      where: { organizationId, id: endpointId },
      select: { sealedSecret: true },
    });
    if (!row) throw endpointNotFound();
    await tx.webhookEndpoint.updateMany({
      where: { organizationId, id: endpointId },
      data: {
        sealedSecret: sealSecret(secret),
        previousSealedSecret: expires ? row.sealedSecret : null,
        previousSecretExpiresAt: expires,
      },
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "webhook.endpoint.secret_roll",
        entityType: "webhook_endpoint",
        entityId: endpointId,
        ip,
        data: { overlapHours: input.overlapHours },
      },
      tx,
    );
  });
  return { secret, previousSecretExpiresAt: iso(expires) };
}
