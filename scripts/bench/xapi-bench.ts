import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { withClient } from "../../server/database/postgres";
import { BENCH_ACCOUNT } from "../db/large/plan";
import { summarize, type LoadRun } from "./load";
import type { Endpoint, PairResults, ScenarioResult } from "./measure-server";
import type { BenchOptions } from "./options";
import { selects } from "./options";
import { tracedStatements } from "./trace-sql";
import { XAPI_BENCH, XAPI_BENCH_VERBS } from "./xapi-dataset";

// The xAPI rows of `npm run bench` (docs/benchmarks.md "xAPI statements"): the LRS of the big
// organization, holding 10 million statements (xapi-dataset.ts), through the production app and through
// the ceiling (ceiling-xapi.ts, sending the app's statements), as the benchmark's own LRS client:
// - xapiWrite: POST /xapi/statements, batches of 50 new statements (one registration of a learner each);
// - xapiQuery: GET /xapi/statements?agent=…&verb=…&since=…, over 200 (learner, verb) pairs of the last 30
//   days' statements, since 30 days before the newest seeded statement;
// - xapiRegistration: GET /xapi/statements?registration=…, over 200 registrations of the year.
// Each request of a run takes the next of its list. The statements the write row stored are deleted after
// it, so the dataset stays as grown.

export const XAPI_BATCH = 50;
/** The reads' connections: the latency a reporting tool or a course player sees, not the throughput at saturation. */
export const XAPI_READ_CONNECTIONS = 8;
const SAMPLES = 200;

export const XAPI_KEYS = ["xapiWrite", "xapiQuery", "xapiRegistration"] as const;
type XapiKey = (typeof XAPI_KEYS)[number];

interface XapiRequest {
  method: "GET" | "POST";
  path: string;
  body?: string;
}

export interface XapiFixture {
  requests: Record<XapiKey, XapiRequest[]>;
  /** The `since` of the query row, and how many statements the organization holds. */
  since: string;
  statements: number;
}

const AUTH = `Basic ${Buffer.from(`${XAPI_BENCH.benchClient.key}:${XAPI_BENCH.benchClient.secret}`).toString("base64")}`;

function headers(host: string, request: XapiRequest): Record<string, string> {
  return {
    host,
    authorization: AUTH,
    "x-experience-api-version": "2.0.0",
    ...(request.body ? { "content-type": "application/json" } : {}),
  };
}

/** One registration of a learner in a lesson of a course, as a course player reports it: 50 statements. */
function batchBody(learner: string, course: number): string {
  const registration = randomUUID();
  const base = `${XAPI_BENCH.activityBase}/courses/${course}`;
  const statements = Array.from({ length: XAPI_BATCH }, (_, i) => {
    const verb = XAPI_BENCH_VERBS[i === 0 ? 0 : i === XAPI_BATCH - 1 ? 11 : 1 + (i % 10)]!;
    const lesson = i % 12;
    return {
      actor: { objectType: "Agent", name: learner, mbox: `mailto:${learner}` },
      verb: { id: verb.id, display: { "en-US": verb.name } },
      object: {
        objectType: "Activity",
        id: `${base}/lessons/${lesson}`,
        definition: {
          name: { "en-US": `Course ${course}, lesson ${lesson + 1}` },
          type: "http://adlnet.gov/expapi/activities/lesson",
        },
      },
      ...(verb.result
        ? {
            result: {
              score: { scaled: 0.8, raw: 80, min: 0, max: 100 },
              success: true,
              completion: verb.name === "completed",
              duration: "PT95S",
            },
          }
        : {}),
      context: {
        registration,
        platform: "Bench course player",
        language: "en-US",
        contextActivities: { parent: [{ objectType: "Activity", id: base }] },
      },
      timestamp: new Date(Date.now() - (XAPI_BATCH - i) * 1000).toISOString(),
    };
  });
  return JSON.stringify(statements);
}

/** The rows' requests, from the statements the dataset holds. */
export async function xapiFixture(databaseUrl: string): Promise<XapiFixture> {
  return withClient(databaseUrl, async (client) => {
    const org = (
      await client.query<{ id: string }>(`SELECT id FROM "Organization" WHERE subdomain = $1`, [
        BENCH_ACCOUNT.subdomain,
      ])
    ).rows[0]!.id;
    const seeded = (
      await client.query<{ newest: Date; statements: string }>(
        `SELECT max(stored) AS newest, (SELECT reltuples::bigint FROM pg_class WHERE oid = '"XapiStatement"'::regclass)::text AS statements
           FROM "XapiStatement" WHERE "organizationId" = $1`,
        [org],
      )
    ).rows[0]!;
    const since = new Date(seeded.newest.getTime() - 30 * 24 * 3600 * 1000).toISOString();
    const pairs = await client.query<{ agent: string; verb: string }>(
      `SELECT "actorKeys"[1] AS agent, "verbId" AS verb FROM "XapiStatement"
        WHERE "organizationId" = $1 AND stored > $2 ORDER BY md5(id::text) LIMIT $3`,
      [org, since, SAMPLES],
    );
    const registrations = await client.query<{ registration: string }>(
      `SELECT registration FROM "XapiStatement" TABLESAMPLE SYSTEM (0.1) REPEATABLE (1)
        WHERE "organizationId" = $1 AND registration IS NOT NULL LIMIT $2`,
      [org, SAMPLES],
    );
    const agentParam = (key: string) => JSON.stringify({ mbox: key.replace(/^mbox:/, "") });
    return {
      since,
      statements: Number(seeded.statements),
      requests: {
        xapiWrite: pairs.rows.map((p, i) => ({
          method: "POST" as const,
          path: "/xapi/statements",
          body: batchBody(p.agent.replace(/^mbox:mailto:/, ""), i % XAPI_BENCH.courses),
        })),
        xapiQuery: pairs.rows.map((p) => ({
          method: "GET" as const,
          path: `/xapi/statements?${new URLSearchParams({ agent: agentParam(p.agent), verb: p.verb, since })}`,
        })),
        xapiRegistration: registrations.rows.map((r) => ({
          method: "GET" as const,
          path: `/xapi/statements?registration=${r.registration}`,
        })),
      },
    };
  });
}

/** One request (node:http: fetch would not send our Host header, which names the organization). */
function send(port: number, host: string, request: XapiRequest): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path: request.path, method: request.method, headers: headers(host, request) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}

/** autocannon on one server, each request the next of the list; anything but a 200 is a failure. */
async function runXapiLoad(
  endpoint: Endpoint,
  list: XapiRequest[],
  connections: number,
  seconds: number,
): Promise<LoadRun> {
  let next = 0;
  const latencies: number[] = [];
  let failures = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${endpoint.port}/xapi/statements`,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            setupRequest: (req: autocannon.Request) => {
              const request = list[next++ % list.length]!;
              return {
                ...req,
                method: request.method,
                path: request.path,
                headers: headers(endpoint.host, request),
                body: request.body,
              };
            },
          },
        ],
      } as autocannon.Options,
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      if (status === 200) latencies.push(responseTime);
      else failures += 1;
    });
  });
  return { latencies, seconds: result.duration, failures: failures + result.errors + result.timeouts };
}

/** The JSON compared between app and ceiling: a write's answer is new ids, so only their count. */
function sampleOf(key: XapiKey, json: unknown): unknown {
  return key === "xapiWrite" ? { ids: Array.isArray(json) ? json.length : json } : json;
}

async function traced(endpoint: Endpoint, key: XapiKey, request: XapiRequest) {
  // An untraced call first: the client's last use moves on at most once a minute, not during the trace.
  await send(endpoint.port, endpoint.host, key === "xapiWrite" ? { ...request } : request);
  await endpoint.process.ask({ trace: true });
  endpoint.process.drain();
  const answer = await send(endpoint.port, endpoint.host, request);
  await sleep(200);
  await endpoint.process.ask({ trace: false });
  const statements = tracedStatements(endpoint.process.drain());
  return { status: answer.status, sample: sampleOf(key, answer.json), statements, json: answer.json };
}

/** --trace-sql: the statements the app sends for one request of each xAPI row. */
export async function printXapiTrace(
  app: Endpoint,
  fixture: XapiFixture,
  only: string[] | null,
  databaseUrl: string,
): Promise<void> {
  for (const key of XAPI_KEYS.filter((k) => selects(only, k))) {
    const probe = await traced(app, key, fixture.requests[key][0]!);
    console.log(`\n── ${key} → HTTP ${probe.status}, ${probe.statements.length} statements`);
    for (const { text, values } of probe.statements)
      console.log(`${text}\n   values: ${JSON.stringify(values ?? []).slice(0, 400)}`);
  }
  await dropWritten(databaseUrl);
}

/** Deletes what the write row stored: the benchmark client's statements. */
async function dropWritten(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rowCount } = await client.query(
      `DELETE FROM "XapiStatement" s USING "LrsClient" c WHERE c.key = $1 AND s."clientId" = c.id`,
      [XAPI_BENCH.benchClient.key],
    );
    return rowCount ?? 0;
  });
}

/**
 * Each xAPI row asked for, on the app and the ceiling: one traced call each (SQL and JSON compared by the
 * caller), then a warm-up on each and the measured time in halves ordered app, ceiling, ceiling, app.
 */
export async function measureXapi(
  app: Endpoint,
  ceiling: Endpoint,
  fixture: XapiFixture,
  databaseUrl: string,
  options: BenchOptions,
): Promise<PairResults> {
  const results: PairResults = new Map();
  try {
    for (const key of XAPI_KEYS.filter((k) => selects(options.only, k))) {
      const list = fixture.requests[key];
      const connections = key === "xapiWrite" ? options.connections : XAPI_READ_CONNECTIONS;
      const probes = { app: await traced(app, key, list[0]!), ceiling: await traced(ceiling, key, list[0]!) };
      const result = (name: "app" | "ceiling", runs: LoadRun[] | null): ScenarioResult => ({
        measurement: runs ? summarize(runs) : null,
        status: probes[name].status,
        sample: probes[name].sample,
        statements: probes[name].statements.map((s) => s.text).sort(),
      });
      if (probes.app.status !== 200 || probes.ceiling.status !== 200) {
        console.log(
          `  ${key}: app HTTP ${probes.app.status} (${JSON.stringify(probes.app.json).slice(0, 200)}), ceiling HTTP ${probes.ceiling.status}; not measured`,
        );
        results.set(key, { app: result("app", null), ceiling: result("ceiling", null) });
        continue;
      }
      // Requests still in flight when a run stops are waited out by one more, queued behind them.
      const run = async (endpoint: Endpoint, seconds: number) => {
        const load = await runXapiLoad(endpoint, list, connections, seconds);
        await send(endpoint.port, endpoint.host, list[0]!);
        return load;
      };
      for (const endpoint of [app, ceiling]) await run(endpoint, options.warmup);
      const runs = { app: [] as LoadRun[], ceiling: [] as LoadRun[] };
      const half = options.seconds / 2;
      if (app.profile) await app.process.ask({ profile: "start" });
      runs.app.push(await run(app, half));
      const profile = app.profile
        ? ((await app.process.ask({ profile: "stop", file: `${key}.cpuprofile` })) as { profiled: string })
        : undefined;
      runs.ceiling.push(await run(ceiling, half));
      runs.ceiling.push(await run(ceiling, half));
      runs.app.push(await run(app, half));
      const pair = { app: result("app", runs.app), ceiling: result("ceiling", runs.ceiling) };
      for (const name of ["app", "ceiling"] as const) {
        const { rps, p50, p95, p99, failures } = pair[name].measurement!;
        console.log(
          `  ${key} [${name}, ${connections} connections]: ${rps.toFixed(0)} req/s${key === "xapiWrite" ? ` (${(rps * XAPI_BATCH).toFixed(0)} statements/s)` : ""}, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms${failures ? `, ${failures} failures` : ""}`,
        );
      }
      if (profile)
        console.log(
          `    CPU profile of the app: ${profile.profiled} (npx tsx scripts/bench/profile-summary.ts ${profile.profiled})`,
        );
      results.set(key, pair);
    }
  } finally {
    const dropped = await dropWritten(databaseUrl);
    if (dropped) console.log(`  (${dropped.toLocaleString("en-US")} statements the write row stored deleted again)`);
  }
  return results;
}
