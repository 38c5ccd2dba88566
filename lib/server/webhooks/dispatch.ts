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
// (FOR UPDATE SKIP LOCKED: two processes never pick the same row), counts the attempt, moves the row's
// nextAttemptAt a lease ahead, past the send's timeout, and returns what sending needs (the endpoint's
// address and sealed secrets, the event's body). The outcome is written only while the claim still holds
// (same attempt count, still pending). So a process killed mid-delivery leaves its rows to come due again
// when the lease ends (at least once, with the same webhook-id), and no attempt is made twice.
//
// Deliveries share the process with the requests, so a batch costs the database a few statements, not a
// few per delivery: one claim, one write for every delivery that succeeded; only failures, rare, are
// written one by one (they may turn the endpoint off).

const LEASE_SECONDS = 60;
const BATCH = 25;

interface Claimed {
  id: string;
  organizationId: string;
  endpointId: string;
  eventId: string;
  attempts: number;
  url: string;
  sealedSecret: string;
  /** The previous secret while its overlap lasts; null after. */
  previousSealedSecret: string | null;
  /** The event's payload as stored: the message's body. */
  body: string;
}

/** TIMESTAMP(3) columns hold UTC: an instant goes in as its UTC wall time. */
const at = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp`;

async function claimDueDeliveries(now: Date, limit = BATCH): Promise<Claimed[]> {
  return queryRows<Claimed>(Prisma.sql`
    UPDATE "WebhookDelivery" AS d
    SET attempts = d.attempts + 1, "lastAttemptAt" = ${at(now)},
      "nextAttemptAt" = ${at(now)} + make_interval(secs => ${LEASE_SECONDS})
    FROM (
      SELECT due.id, e.url, e."sealedSecret",
        CASE WHEN e."previousSecretExpiresAt" > ${at(now)} THEN e."previousSealedSecret" END AS "previousSealedSecret"
      FROM "WebhookDelivery" AS due
      JOIN "WebhookEndpoint" AS e ON e."organizationId" = due."organizationId" AND e.id = due."endpointId"
      WHERE due.state = 'pending' AND due."nextAttemptAt" <= ${at(now)} AND e.enabled
      ORDER BY due."nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE OF due SKIP LOCKED
    ) AS picked, "WebhookEvent" AS ev
    WHERE d.id = picked.id AND ev."organizationId" = d."organizationId" AND ev.id = d."eventId"
    RETURNING d.id, d."organizationId", d."endpointId", d."eventId", d.attempts, picked.url,
      picked."sealedSecret", picked."previousSealedSecret", ev.payload::text AS body`);
}

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
function openSigningSecrets(claim: Claimed): string[] {
  const current = openSecret(claim.sealedSecret);
  const previous = claim.previousSealedSecret ? openSecret(claim.previousSealedSecret) : null;
  return [current, previous].filter((s): s is string => s !== null);
}

async function send(claim: Claimed, secrets: string[]): Promise<SendOutcome> {
  if (secrets.length === 0)
    return { status: null, error: "The signing secret cannot be opened (NEXTAUTH_SECRET changed?)", durationMs: 0 };
  const timestamp = Math.floor(Date.now() / 1000);
  return postWebhook(claim.url, webhookHeaders(secrets, claim.eventId, timestamp, claim.body), claim.body);
}

/** Sends a claimed batch, opening each endpoint's secrets once, and writes the outcomes. */
async function deliverBatch(claimed: Claimed[]): Promise<void> {
  const secrets = new Map<string, string[]>();
  const secretsOf = (claim: Claimed) => {
    let opened = secrets.get(claim.endpointId);
    if (!opened) secrets.set(claim.endpointId, (opened = openSigningSecrets(claim)));
    return opened;
  };
  const sent = await Promise.all(
    claimed.map(async (claim) => ({ claim, outcome: await send(claim, secretsOf(claim)) })),
  );
  const now = new Date();
  const delivered = sent.filter(({ outcome }) => isSuccess(outcome.status));
  await recordDelivered(delivered);
  for (const { claim, outcome } of sent) {
    if (isSuccess(outcome.status)) continue;
    await recordOutcome(claim, outcome, now).catch((error: unknown) =>
      // The claim's lease ends and the delivery is tried again: nothing is lost.
      logger().error({ err: error, deliveryId: claim.id }, "A webhook delivery's outcome could not be written"),
    );
  }
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * Writes the successful attempts of a batch in one statement, each only if its claim still holds, and
 * clears the endpoints' failing streaks.
 */
async function recordDelivered(delivered: Array<{ claim: Claimed; outcome: SendOutcome }>): Promise<void> {
  if (delivered.length === 0) return;
  const column = <T>(pick: (d: { claim: Claimed; outcome: SendOutcome }) => T) => delivered.map(pick);
  await queryRows(Prisma.sql`
    WITH done AS (
      UPDATE "WebhookDelivery" AS d
      SET state = 'delivered', "lastStatus" = v.status, "lastDurationMs" = v.duration, "lastError" = NULL,
        "nextAttemptAt" = NULL
      FROM unnest(${column((d) => d.claim.organizationId)}::uuid[], ${column((d) => d.claim.id)}::uuid[],
        ${column((d) => d.claim.attempts)}::int[], ${column((d) => d.outcome.status)}::int[],
        ${column((d) => d.outcome.durationMs)}::int[]) AS v(organization_id, id, attempts, status, duration)
      WHERE d."organizationId" = v.organization_id AND d.id = v.id AND d.state = 'pending'
        AND d.attempts = v.attempts
      RETURNING d."organizationId", d."endpointId"
    )
    UPDATE "WebhookEndpoint" AS e SET "failingSince" = NULL
    FROM (SELECT DISTINCT "organizationId", "endpointId" FROM done) AS ok
    WHERE e."organizationId" = ok."organizationId" AND e.id = ok."endpointId" AND e."failingSince" IS NOT NULL
    RETURNING e.id`);
}

/** Writes an attempt's outcome, if the claim still holds; turns the endpoint off on 410 or days of failure. */
async function recordOutcome(claim: Claimed, outcome: SendOutcome, now: Date): Promise<void> {
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
    await deliverBatch(claimed).catch((error: unknown) =>
      // The claims' leases end and the deliveries are tried again: nothing is lost.
      logger().error(
        { err: error, deliveries: claimed.length },
        "A batch of webhook deliveries could not be completed",
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
