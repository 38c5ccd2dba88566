import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { isJobQueueStopping } from "@/lib/jobs/queue";
import { logger } from "@/lib/log/logger";
import { openSecret } from "@/lib/server/secret-box";
import { disableEndpoint } from "@/lib/server/webhooks/disable";
import { postWebhook, type SendOutcome } from "@/lib/server/webhooks/send";
import { FAILING_ENDPOINT_DISABLE_AFTER_MS, nextAttemptAfter } from "@/lib/webhooks/retry-schedule";
import { webhookHeaders } from "@/lib/webhooks/signature";

// The dispatcher: claims due deliveries and sends them. A claim is one statement that picks due rows
// (FOR UPDATE SKIP LOCKED: two processes never pick the same row), counts the attempt and moves the row's
// nextAttemptAt a lease ahead, past the send's timeout. The outcome is written only while the claim still
// holds (same attempt count, still pending). So a process killed mid-delivery leaves its rows to come due
// again when the lease ends (at least once, with the same webhook-id), and no attempt is made twice.

const LEASE_SECONDS = 60;
const BATCH = 25;

interface Claimed {
  id: string;
  organizationId: string;
  endpointId: string;
  eventId: string;
  attempts: number;
}

/** TIMESTAMP(3) columns hold UTC: an instant goes in as its UTC wall time. */
const at = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp`;

export async function claimDueDeliveries(now: Date, limit = BATCH): Promise<Claimed[]> {
  return queryRows<Claimed>(Prisma.sql`
    UPDATE "WebhookDelivery" AS d
    SET attempts = d.attempts + 1, "lastAttemptAt" = ${at(now)},
      "nextAttemptAt" = ${at(now)} + make_interval(secs => ${LEASE_SECONDS})
    FROM (
      SELECT due.id FROM "WebhookDelivery" AS due
      JOIN "WebhookEndpoint" AS e ON e."organizationId" = due."organizationId" AND e.id = due."endpointId"
      WHERE due.state = 'pending' AND due."nextAttemptAt" <= ${at(now)} AND e.enabled
      ORDER BY due."nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE OF due SKIP LOCKED
    ) AS picked
    WHERE d.id = picked.id
    RETURNING d.id, d."organizationId", d."endpointId", d."eventId", d.attempts`);
}

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(
  endpoint: { sealedSecret: string; previousSealedSecret: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const current = openSecret(endpoint.sealedSecret);
  const previous =
    endpoint.previousSealedSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? openSecret(endpoint.previousSealedSecret)
      : null;
  return [current, previous].filter((s): s is string => s !== null);
}

async function deliver(claim: Claimed): Promise<void> {
  const [endpoint, event] = await Promise.all([
    db().webhookEndpoint.findFirst({
      where: { organizationId: claim.organizationId, id: claim.endpointId },
      select: { url: true, sealedSecret: true, previousSealedSecret: true, previousSecretExpiresAt: true },
    }),
    db().webhookEvent.findFirst({
      where: { organizationId: claim.organizationId, id: claim.eventId },
      select: { payload: true },
    }),
  ]);
  if (!endpoint || !event) return; // deleted meanwhile: its deliveries went with it
  const now = new Date();
  const secrets = signingSecrets(endpoint, now);
  let outcome: SendOutcome;
  if (secrets.length === 0) {
    outcome = { status: null, error: "The signing secret cannot be opened (NEXTAUTH_SECRET changed?)", durationMs: 0 };
  } else {
    const body = JSON.stringify(event.payload);
    const timestamp = Math.floor(now.getTime() / 1000);
    outcome = await postWebhook(endpoint.url, webhookHeaders(secrets, claim.eventId, timestamp, body), body);
  }
  await recordOutcome(claim, outcome, new Date());
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/** Writes an attempt's outcome, if the claim still holds; turns the endpoint off on 410 or days of failure. */
export async function recordOutcome(claim: Claimed, outcome: SendOutcome, now: Date): Promise<void> {
  const { organizationId, endpointId } = claim;
  const gone = outcome.status === 410;
  const success = isSuccess(outcome.status);
  const next = success || gone ? null : nextAttemptAfter(claim.attempts, now);
  const disableBecause = await db().$transaction(async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { organizationId, id: claim.id, state: "pending", attempts: claim.attempts },
      data: {
        state: success ? "delivered" : next ? "pending" : "failed",
        lastStatus: outcome.status,
        lastDurationMs: outcome.durationMs,
        lastError: outcome.error,
        nextAttemptAt: next,
      },
    });
    if (count === 0) return null; // the lease ran out and another attempt took over: its outcome counts
    if (success) {
      await tx.webhookEndpoint.updateMany({
        where: { organizationId, id: endpointId, failingSince: { not: null } },
        data: { failingSince: null },
      });
      return null;
    }
    if (gone) return "The endpoint answered 410 Gone";
    await tx.webhookEndpoint.updateMany({
      where: { organizationId, id: endpointId, failingSince: null },
      data: { failingSince: now },
    });
    const failingFor = await tx.webhookEndpoint.findFirst({
      where: {
        organizationId,
        id: endpointId,
        enabled: true,
        failingSince: { lte: new Date(now.getTime() - FAILING_ENDPOINT_DISABLE_AFTER_MS) },
      },
      select: { id: true },
    });
    return failingFor ? "Every delivery failed for three days" : null;
  });
  if (disableBecause) await disableEndpoint(organizationId, endpointId, disableBecause);
}

/** Claims and sends due deliveries until none is due; returns how many attempts were made. */
export async function dispatchDue(): Promise<number> {
  let attempts = 0;
  for (;;) {
    const claimed = await claimDueDeliveries(new Date());
    if (claimed.length === 0) return attempts;
    attempts += claimed.length;
    await Promise.all(
      claimed.map((claim) =>
        deliver(claim).catch((error: unknown) =>
          // The claim's lease ends and the delivery is tried again: nothing is lost.
          logger().error({ err: error, deliveryId: claim.id }, "A webhook delivery could not be completed"),
        ),
      ),
    );
  }
}

const POLL_MS = 1000;

/**
 * The `webhooks.dispatch` job: sends what is due, then looks again every second, for `budgetMs` or until the
 * process stops (the next job takes over; rows a dead one had claimed come due again after the lease).
 */
export async function runWebhookDispatcher(budgetMs = 55_000): Promise<{ attempts: number }> {
  const until = Date.now() + budgetMs;
  let attempts = 0;
  while (Date.now() < until && !isJobQueueStopping()) {
    attempts += await dispatchDue();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { attempts };
}
