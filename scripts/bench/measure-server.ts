import { setTimeout as sleep } from "node:timers/promises";
import { call, type Answer } from "./http";
import { runLoad, summarize, type LoadRun, type LoadTarget, type Measurement } from "./load";
import { selects, type BenchOptions } from "./options";
import { PAGE_FLOOR_PATH, type PageFloor } from "./page-floor";
import { PAGE_QUIET_CONNECTIONS, SCENARIOS, type BenchSession, type Scenario } from "./scenarios";
import type { ServerProcess } from "./server-process";
import { tracedStatements } from "./trace-sql";

export interface Endpoint {
  name: "app" | "ceiling";
  port: number;
  host: string;
  process: ServerProcess;
  /** The app under --profile records a CPU profile of its first measured window. */
  profile?: boolean;
}

export interface ScenarioResult {
  /** Null when the request does not answer 200 (an endpoint not built yet, say). */
  measurement: Measurement | null;
  status: number;
  /** The answer's JSON, to check that the ceiling answers exactly what the app does. */
  sample: unknown;
  /** The SQL texts the server sent for that answer, sorted (concurrent statements come in any order). */
  statements: string[];
  /**
   * The latency a class sees, not the throughput: pages measured again at PAGE_QUIET_CONNECTIONS, quiz
   * submissions at the class's pace (Scenario.latencyAt).
   */
  quiet?: Measurement | null;
  /** Pages: the HTML's size, as sent (compressed) and unpacked. */
  html?: { wireBytes: number; bytes: number; encoding?: string };
}

export type PairResults = Map<Scenario["key"], { app: ScenarioResult; ceiling: ScenarioResult }>;

/**
 * Each request on both servers: first one traced call of every request on each (before any load, so no
 * straggling request of an earlier run mixes into the trace), then per request a warm-up and the measured
 * time split in halves in the order app, ceiling, ceiling, app. The machine's background load drifts;
 * pairing the runs this way keeps the drift out of the ratio as far as possible. A page's "ceiling" is the
 * page floor (its one page, whatever the row's path), and a page is measured once more, alone, at
 * PAGE_QUIET_CONNECTIONS.
 */
export async function measurePairs(
  app: Endpoint,
  ceiling: Endpoint,
  floor: PageFloor | null,
  session: BenchSession,
  options: BenchOptions,
): Promise<PairResults> {
  const scenarios = SCENARIOS.filter((s) => !s.ownDatabase && !s.xapiRow && selects(options.only, s.key));
  if (!floor && scenarios.some((s) => s.page)) throw new Error("The page rows need the page floor");
  const probes = new Map<Scenario["key"], { app: Probe; ceiling: Probe }>();
  for (const scenario of scenarios) {
    const path = scenario.path(session);
    const auth = authOf(scenario, session);
    probes.set(scenario.key, {
      app: await tracedCall(on(app, scenario), path, auth),
      ceiling: scenario.page
        ? { ...(await call(floor!.port, `localhost:${floor!.port}`, PAGE_FLOOR_PATH, auth)), statements: [] }
        : await tracedCall(on(ceiling, scenario), path, auth),
    });
  }

  const results: PairResults = new Map();
  const load = { seconds: options.seconds / 2 };
  for (const scenario of scenarios) {
    const path = scenario.path(session);
    const probe = probes.get(scenario.key)!;
    const auth = authOf(scenario, session);
    const result = (p: Probe, measurement: Measurement | null): ScenarioResult => ({
      measurement,
      status: p.status,
      sample: withoutVolatile(p.json, scenario.volatile),
      statements: p.statements,
    });
    // The 'Page Not Found' row is measured for what a 404 page costs: its status is the expected one.
    const expected = scenario.signedOut ? 404 : 200;
    if (probe.app.status !== expected || probe.ceiling.status !== 200) {
      console.log(
        `  ${scenario.label}: app HTTP ${probe.app.status}, ceiling HTTP ${probe.ceiling.status}; not measured`,
      );
      results.set(scenario.key, { app: result(probe.app, null), ceiling: result(probe.ceiling, null) });
      continue;
    }
    const target = (name: Endpoint["name"]): LoadTarget => {
      const side = name === "app" ? on(app, scenario) : scenario.page ? null : on(ceiling, scenario);
      return {
        port: side?.port ?? floor!.port,
        host: side?.host ?? `localhost:${floor!.port}`,
        path: side ? path : PAGE_FLOOR_PATH,
        token: auth.bearer ?? auth.cookie,
        cookie: Boolean(auth.cookie),
        method: auth.method,
        acceptEncoding: scenario.page ? PAGE_ENCODINGS : undefined,
        status: side === null ? 200 : expected,
      };
    };
    // When autocannon stops, up to `connections` requests are still being answered, and they would
    // load the shared database during the next run: one more request, queued behind them, waits them out.
    const run = async (name: Endpoint["name"], seconds: number, connections = options.connections) => {
      const t = target(name);
      const result = await runLoad(t, { connections, seconds });
      await call(t.port, t.host, t.path, auth);
      return result;
    };
    for (const name of ["app", "ceiling"] as const) await run(name, options.warmup);

    const runs: Record<Endpoint["name"], LoadRun[]> = { app: [], ceiling: [] };
    if (app.profile) await app.process.ask({ profile: "start" });
    runs.app.push(await run("app", load.seconds));
    const profile = app.profile
      ? ((await app.process.ask({ profile: "stop", file: `${scenario.key}.cpuprofile` })) as { profiled: string })
      : undefined;
    runs.ceiling.push(await run("ceiling", load.seconds));
    runs.ceiling.push(await run("ceiling", load.seconds));
    runs.app.push(await run("app", load.seconds));

    const pair = {
      app: result(probe.app, summarize(runs.app)),
      ceiling: result(probe.ceiling, summarize(runs.ceiling)),
    };
    if (scenario.page) {
      pair.app.quiet = summarize([await run("app", options.seconds, PAGE_QUIET_CONNECTIONS)]);
      const sent = await call(on(app, scenario).port, on(app, scenario).host, path, {
        ...auth,
        acceptEncoding: PAGE_ENCODINGS,
      });
      pair.app.html = { wireBytes: sent.wireBytes, bytes: Buffer.byteLength(sent.text), encoding: sent.encoding };
    }
    for (const name of ["app", "ceiling"] as const) {
      const { rps, p50, p95, p99, failures } = pair[name].measurement!;
      console.log(
        `  ${scenario.label} [${name === "ceiling" && scenario.page ? "page floor" : name}]: ${rps.toFixed(0)} req/s, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms${failures ? `, ${failures} failures` : ""}`,
      );
    }
    if (pair.app.quiet)
      console.log(
        `  ${scenario.label} [app, ${PAGE_QUIET_CONNECTIONS} connections]: ${pair.app.quiet.rps.toFixed(0)} req/s, p95 ${pair.app.quiet.p95.toFixed(1)} ms; HTML ${pair.app.html!.bytes} bytes, ${pair.app.html!.wireBytes} sent (${pair.app.html!.encoding ?? "uncompressed"})`,
      );
    if (profile)
      console.log(
        `    CPU profile of the app: ${profile.profiled} (npx tsx scripts/bench/profile-summary.ts ${profile.profiled})`,
      );
    results.set(scenario.key, pair);
  }
  return results;
}

type Probe = Answer & { statements: string[] };
type Auth = { bearer?: string; cookie?: string; method?: "POST" };

/** The endpoint as the scenario's organization's host (the reports' rows sign in on bench-01 or bench-21). */
function on(endpoint: Endpoint, scenario: Scenario): Endpoint {
  return scenario.caller ? { ...endpoint, host: `${scenario.caller.subdomain}.localhost:${endpoint.port}` } : endpoint;
}

function withoutVolatile(json: unknown, fields: string[] | undefined): unknown {
  if (!fields || !json || typeof json !== "object") return json;
  return Object.fromEntries(Object.entries(json).filter(([k]) => !fields.includes(k)));
}

/** What a browser accepts. */
const PAGE_ENCODINGS = "gzip, deflate, br";

/** How a request signs in: as the learner or the org admin, by bearer token or (pages) by cookie; or not at all. */
function authOf(scenario: Scenario, session: BenchSession): Auth {
  if (scenario.signedOut) return {};
  if (scenario.caller) {
    const token = session.reportTokens.get(`${scenario.caller.subdomain}/${scenario.caller.username}`)!;
    return scenario.page ? { cookie: token } : { bearer: token, method: scenario.method };
  }
  const token = scenario.asAdmin ? session.adminToken : session.token;
  return scenario.page ? { cookie: token } : { bearer: token };
}

/** One call with the server's SQL trace on: the answer and the statements behind it. */
async function tracedCall(endpoint: Endpoint, path: string, auth: Auth): Promise<Probe> {
  await endpoint.process.ask({ trace: true });
  endpoint.process.drain();
  const answer = await call(endpoint.port, endpoint.host, path, auth);
  // The trace lines travel on stdout, not on the IPC channel: give them a moment to arrive.
  await sleep(200);
  await endpoint.process.ask({ trace: false });
  return {
    ...answer,
    statements: tracedStatements(endpoint.process.drain())
      .map((s) => s.text)
      .sort(),
  };
}

/** --trace-sql: one call of each request, and the statements the app sent for it. */
export async function printSqlTrace(app: Endpoint, session: BenchSession): Promise<void> {
  for (const scenario of SCENARIOS.filter((s) => !s.ownDatabase && !s.xapiRow)) {
    await app.process.ask({ trace: true });
    app.process.drain();
    const answer = await call(app.port, on(app, scenario).host, scenario.path(session), authOf(scenario, session));
    await sleep(300);
    await app.process.ask({ trace: false });
    const statements = tracedStatements(app.process.drain());
    console.log(`\n── ${scenario.label} → HTTP ${answer.status}, ${statements.length} statements`);
    for (const { text, values } of statements) console.log(`${text}\n   values: ${JSON.stringify(values ?? [])}`);
  }
}
