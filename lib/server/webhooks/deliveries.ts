import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import type {
  ResendWebhookDeliveriesInput,
  WebhookDeliveryListQuery,
  WebhookDeliveryView,
} from "@/lib/schemas/webhooks";
import { audit, auditActor } from "@/lib/server/audit";
import { endpointNotFound, manageableScope } from "@/lib/server/webhooks/endpoints";
import { writeEvents } from "@/lib/server/webhooks/outbox";
import type { TenantContext } from "@/lib/tenancy/context";
import { TEST_EVENT_TYPE } from "@/lib/webhooks/event-types";

// An endpoint's deliveries as its admins see them (no response body is ever kept: status and timing only),
// resending, and the test event.

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function requireEndpoint(organizationId: string, endpointId: string) {
  const endpoint = await db().webhookEndpoint.findFirst({
    where: { organizationId, id: endpointId },
    select: { id: true, enabled: true },
  });
  if (!endpoint) throw endpointNotFound();
  return endpoint;
}

export async function listWebhookDeliveries(
  ctx: TenantContext,
  endpointId: string,
  query: WebhookDeliveryListQuery,
): Promise<{ data: WebhookDeliveryView[] }> {
  const organizationId = manageableScope(ctx, endpointId);
  await requireEndpoint(organizationId, endpointId);
  const rows = await db().webhookDelivery.findMany({
    where: { organizationId, endpointId, ...(query.state ? { state: query.state } : {}) },
    select: {
      id: true,
      eventId: true,
      state: true,
      attempts: true,
      lastStatus: true,
      lastDurationMs: true,
      lastError: true,
      lastAttemptAt: true,
      nextAttemptAt: true,
      event: { select: { type: true, createdAt: true } },
    },
    orderBy: { createdAt: "desc" },
    take: query.limit,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      eventType: row.event.type,
      eventCreatedAt: row.event.createdAt.toISOString(),
      state: row.state,
      attempts: row.attempts,
      lastStatus: row.lastStatus,
      lastDurationMs: row.lastDurationMs,
      lastError: row.lastError,
      lastAttemptAt: iso(row.lastAttemptAt),
      nextAttemptAt: row.state === "pending" ? iso(row.nextAttemptAt) : null,
    })),
  };
}

/** Due now again, with a fresh round of retries; the message keeps its webhook-id. */
const resent = { state: "pending" as const, attempts: 0 };

/** One delivery sent again (not one still pending: it is on its way). */
export async function resendWebhookDelivery(
  ctx: TenantContext,
  endpointId: string,
  deliveryId: string,
): Promise<{ resent: number }> {
  const organizationId = manageableScope(ctx, endpointId);
  await requireEndpoint(organizationId, endpointId);
  if (!isId(deliveryId)) throw new AppError("NOT_FOUND", "Delivery not found");
  const delivery = await db().webhookDelivery.findFirst({
    where: { organizationId, endpointId, id: deliveryId },
    select: { state: true },
  });
  if (!delivery) throw new AppError("NOT_FOUND", "Delivery not found");
  if (delivery.state === "pending") throw new AppError("CONFLICT", "This delivery is still being tried: wait for it");
  const { count } = await db().webhookDelivery.updateMany({
    where: { organizationId, endpointId, id: deliveryId, state: { not: "pending" } },
    data: { ...resent, nextAttemptAt: new Date() },
  });
  return { resent: count };
}

/** Every failed delivery of the endpoint whose event is at least as recent as `since`, sent again. */
export async function resendFailedWebhookDeliveries(
  ctx: TenantContext,
  endpointId: string,
  input: ResendWebhookDeliveriesInput,
): Promise<{ resent: number }> {
  const organizationId = manageableScope(ctx, endpointId);
  await requireEndpoint(organizationId, endpointId);
  const { count } = await db().webhookDelivery.updateMany({
    where: { organizationId, endpointId, state: "failed", event: { createdAt: { gte: new Date(input.since) } } },
    data: { ...resent, nextAttemptAt: new Date() },
  });
  await audit({
    organizationId,
    ...auditActor(ctx),
    action: "webhook.deliveries.resend",
    entityType: "webhook_endpoint",
    entityId: endpointId,
    data: { since: input.since, count },
  });
  return { resent: count };
}

/** A `webhook.test` event to this endpoint only. */
export async function sendWebhookTestEvent(ctx: TenantContext, endpointId: string): Promise<{ eventId: string }> {
  const organizationId = manageableScope(ctx, endpointId);
  const endpoint = await requireEndpoint(organizationId, endpointId);
  if (!endpoint.enabled) throw new AppError("CONFLICT", "The endpoint is off: turn it on to send a test event");
  const [eventId] = await db().$transaction((tx) =>
    writeEvents(
      tx,
      organizationId,
      TEST_EVENT_TYPE,
      [{ message: "A test event from System Settings → Webhooks" }],
      [endpointId],
    ),
  );
  return { eventId: eventId! };
}
