import { withClient } from "../../server/database/postgres";
import { startWebhookReceiver } from "../../test/webhook-receiver";
import { BENCH_ACCOUNT, BENCH_SEARCH_TERM } from "../db/large/plan";
import { call } from "./http";
import { runLoad, summarize, type LoadRun, type LoadTarget, type Measurement } from "./load";

// A timed operation under load: 10,000 webhook events, from a bulk enrollment of 10,000 people into one
// course (two calls of 5,000, the most one takes, to POST /api/admin/users/bulk as the big organization's
// administrator), delivered to a receiver on loopback, while the catalog search is under load. Figures:
// the time from the first call to the last event's delivery, and the app's throughput while the events
// go out against the same load with nothing to deliver, measured before and after (target ≥ 0.9: the
// deliveries take at most a tenth of it). The endpoint, its events and the enrollments are removed after,
// so the dataset stays as seeded.

export const WEBHOOK_BENCH = { people: 10_000, perCall: 5_000, minRatio: 0.9, maxWaitSeconds: 600 } as const;

interface Target {
  port: number;
  host: string;
  /** The organization's administrator (settings:manage for the endpoint, users:manage for the bulk call). */
  adminToken: string;
  /** The learner whose catalog search is the load. */
  learnerToken: string;
  databaseUrl: string;
  connections: number;
  /** Seconds of load without deliveries, before and after (half each). */
  seconds: number;
}

export interface WebhookBenchResult {
  events: number;
  connections: number;
  /** From the first bulk call to its second's answer. */
  enrollSeconds: number;
  /** From the first bulk call to the receiver's last new event. */
  lastDeliverySeconds: number;
  /** Requests the receiver got (retries included). */
  requests: number;
  without: Measurement;
  during: Measurement;
}

export async function measureWebhookDelivery(target: Target): Promise<WebhookBenchResult> {
  const { courseId, people } = await pickPeople(target.databaseUrl);
  const receiver = await startWebhookReceiver();
  const path = `/bench-${Date.now().toString(36)}`;
  const endpoint = (await api(target, "/api/admin/webhooks", {
    url: receiver.url(path),
    eventTypes: ["enrollment.created"],
    description: "bench receiver",
  })) as { id: string };
  // The receiver's new webhook-ids, looked at every 20 ms: the last new one is the last delivery.
  const seen = new Set<string>();
  let scanned = 0;
  let lastNewAt = 0;
  let watch: NodeJS.Timeout | undefined;
  const allDelivered = new Promise<void>((resolve) => {
    watch = setInterval(() => {
      for (; scanned < receiver.received.length; scanned += 1) {
        const id = String(receiver.received[scanned]!.headers["webhook-id"]);
        if (!seen.has(id)) {
          seen.add(id);
          lastNewAt = performance.now();
        }
      }
      if (seen.size >= WEBHOOK_BENCH.people) resolve();
    }, 20);
  });
  const load: LoadTarget = {
    port: target.port,
    host: target.host,
    path: `/api/courses?q=${BENCH_SEARCH_TERM}&page=1&page_size=20`,
    token: target.learnerToken,
  };
  const half = { connections: target.connections, seconds: target.seconds / 2 };
  try {
    const before = await runLoad(load, half);
    const started = performance.now();
    for (let i = 0; i < people.length; i += WEBHOOK_BENCH.perCall)
      await api(target, "/api/admin/users/bulk", {
        action: "enroll",
        course_id: courseId,
        user_ids: people.slice(i, i + WEBHOOK_BENCH.perCall),
      });
    const enrolled = performance.now();
    const during: LoadRun = await runLoad(load, {
      connections: target.connections,
      seconds: WEBHOOK_BENCH.maxWaitSeconds,
      until: allDelivered,
    });
    if (seen.size < WEBHOOK_BENCH.people)
      throw new Error(`${seen.size} of ${WEBHOOK_BENCH.people} events delivered in ${WEBHOOK_BENCH.maxWaitSeconds} s`);
    const after = await runLoad(load, half);
    return {
      events: seen.size,
      connections: target.connections,
      enrollSeconds: (enrolled - started) / 1000,
      lastDeliverySeconds: (lastNewAt - started) / 1000,
      requests: receiver.received.length,
      without: summarize([before, after]),
      during: summarize([during]),
    };
  } finally {
    clearInterval(watch);
    await receiver.close();
    await undo(target, endpoint.id, courseId, people, [...seen]);
  }
}

async function api(target: Target, path: string, json: unknown): Promise<unknown> {
  const answer = await call(target.port, target.host, path, { json, bearer: target.adminToken });
  if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer.json;
}

/** A published course and learners not enrolled in it: every one is a new enrollment, an event each. */
async function pickPeople(databaseUrl: string): Promise<{ courseId: string; people: string[] }> {
  return withClient(databaseUrl, async (client) => {
    const course = await client.query<{ id: string }>(
      `SELECT c.id FROM "Course" c JOIN "Organization" o ON o.id = c."organizationId"
        WHERE o.subdomain = $1 AND c.status = 'published' ORDER BY c.id LIMIT 1`,
      [BENCH_ACCOUNT.subdomain],
    );
    const courseId = course.rows[0]!.id;
    const people = await client.query<{ id: string }>(
      `SELECT u.id FROM "User" u JOIN "Organization" o ON o.id = u."organizationId"
        WHERE o.subdomain = $1 AND u.role = 'learner' AND u.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM "Enrollment" e WHERE e."userId" = u.id AND e."courseId" = $2)
        ORDER BY u.id LIMIT $3`,
      [BENCH_ACCOUNT.subdomain, courseId, WEBHOOK_BENCH.people],
    );
    if (people.rows.length < WEBHOOK_BENCH.people) throw new Error(`Only ${people.rows.length} people to enroll`);
    return { courseId, people: people.rows.map((r) => r.id) };
  });
}

/** Deletes the endpoint (its deliveries go with it), its events and the enrollments. */
async function undo(target: Target, endpointId: string, courseId: string, people: string[], eventIds: string[]) {
  const answer = await call(target.port, target.host, `/api/admin/webhooks/${endpointId}`, {
    method: "DELETE",
    bearer: target.adminToken,
  });
  if (answer.status !== 204) throw new Error(`Deleting the bench endpoint answered ${answer.status}`);
  await withClient(target.databaseUrl, async (client) => {
    await client.query(`DELETE FROM "WebhookEvent" WHERE id = ANY($1::uuid[])`, [eventIds]);
    await client.query(
      `DELETE FROM "Enrollment" WHERE "source" = 'manual' AND "courseId" = $1 AND "userId" = ANY($2::uuid[])`,
      [courseId, people],
    );
  });
}

export function webhookDeliveryTable(result: WebhookBenchResult): string {
  const ratio = result.during.rps / result.without.rps;
  const valid = result.during.failures === 0 && result.without.failures === 0;
  return [
    "| Operation | Events | Enrolled (s) | Last delivery (s) | Deliveries/s | Receiver requests | App req/s without → during | p95 without → during (ms) | Ratio | Target | Result |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    `| ${result.events.toLocaleString("en-US")} \`enrollment.created\` webhooks (\`POST /api/admin/users/bulk\` enrolling ${WEBHOOK_BENCH.people.toLocaleString("en-US")} people, ${WEBHOOK_BENCH.people / WEBHOOK_BENCH.perCall} calls) delivered to a loopback receiver, the catalog search at ${result.connections} connections meanwhile | ${result.events.toLocaleString("en-US")} | ${result.enrollSeconds.toFixed(1)} | ${result.lastDeliverySeconds.toFixed(1)} | ${(result.events / result.lastDeliverySeconds).toFixed(0)} | ${result.requests.toLocaleString("en-US")} | ${result.without.rps.toFixed(0)} → ${result.during.rps.toFixed(0)} | ${result.without.p95.toFixed(1)} → ${result.during.p95.toFixed(1)} | ${ratio.toFixed(2)} | ratio ≥ ${WEBHOOK_BENCH.minRatio} | ${!valid ? "**FAIL** (failed requests)" : ratio >= WEBHOOK_BENCH.minRatio ? "pass" : "**FAIL**"} |`,
  ].join("\n");
}
