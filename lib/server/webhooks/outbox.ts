import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { uuid7 } from "@/lib/server/uuid7";
import type { WebhookEventType } from "@/lib/webhooks/event-types";

// The outbox. A change that other systems hear about records its events here, inside the transaction that
// makes the change: the event exists exactly when the change committed (never lost, never invented). One
// WebhookDelivery per subscribed endpoint is written with it; the dispatcher (dispatch.ts) sends them.
// When no enabled endpoint of the organization wants the type, this costs one indexed read and the
// payloads are never built.

type Tx = Prisma.TransactionClient;
export type EventData = Record<string, unknown>;

/** The body every endpoint receives for an event (payload version 1). */
export function eventBody(type: string, timestamp: Date, data: EventData) {
  return { type, timestamp: timestamp.toISOString(), data };
}

/**
 * Records events of one type, one per element `build` returns (called only when an endpoint wants them).
 * Call it inside the transaction of the change it reports.
 */
export async function recordEvents(
  tx: Tx,
  organizationId: string,
  type: WebhookEventType,
  build: () => EventData[] | Promise<EventData[]>,
): Promise<void> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { organizationId, enabled: true, eventTypes: { has: type } },
    select: { id: true },
  });
  if (endpoints.length === 0) return;
  const data = await build();
  if (data.length === 0) return;
  await writeEvents(
    tx,
    organizationId,
    type,
    data,
    endpoints.map((e) => e.id),
  );
}

/** One event: `recordEvents` with a single payload. */
export function recordEvent(
  tx: Tx,
  organizationId: string,
  type: WebhookEventType,
  build: () => EventData | Promise<EventData>,
): Promise<void> {
  return recordEvents(tx, organizationId, type, async () => [await build()]);
}

/** Writes the events and one due delivery of each to each endpoint; returns the events' ids. */
export async function writeEvents(
  tx: Tx,
  organizationId: string,
  type: string,
  data: EventData[],
  endpointIds: string[],
): Promise<string[]> {
  const now = new Date();
  const events = data.map((d) => ({
    id: uuid7(),
    organizationId,
    type,
    payload: eventBody(type, now, d) as Prisma.InputJsonValue,
    createdAt: now,
  }));
  await tx.webhookEvent.createMany({ data: events });
  await tx.webhookDelivery.createMany({
    data: events.flatMap((event) =>
      endpointIds.map((endpointId) => ({ organizationId, endpointId, eventId: event.id, nextAttemptAt: now })),
    ),
  });
  return events.map((e) => e.id);
}
