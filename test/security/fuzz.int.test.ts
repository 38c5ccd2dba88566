import { readFileSync, statSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantableScopes } from "@/lib/tenancy/api-key-scopes";
import { createSuperadmin, testDb, type TestUser } from "@/test/factories";
import { call, type TestResponse } from "@/test/http";
import { signIn } from "@/test/session";
import { API_ACCESS } from "./api-access";
import { loadApiOperations, subdomainFor, type ApiOperation } from "./api-operations";
import { describeCase, fuzzCases, type FuzzCase } from "./fuzz-cases";
import { buildRequest, ENDS_CALLERS_SESSION } from "./requests";
import { countOrganizationRows } from "./row-snapshot";
import { API_KEY_ACCESS } from "./api-key-access";
import { buildTenantWorld, spareApiKey, type TenantRole, type TenantWorld } from "./world";

// Every operation with a body or a query string, and every route of the content host (whose input is its
// path: the token, the file's path), sent bad requests generated from its schema
// (./fuzz-cases.ts) by a caller it would otherwise serve. Expected of each: no 5xx; a 4xx answers JSON
// { error: { code, message } }; a refused request leaves the organization's row counts as they were; and
// the server logs no error, unhandled rejection or uncaught exception meanwhile.
// npm test sends FUZZ_RUNS=20 cases per operation from a fixed seed; npm run test:fuzz sends 200 from a
// new one. A failure prints the seed, fast-check's path and the request: replay it with
//   FUZZ_SEED=<seed> . .data/test-env.sh && npx vitest run --project security test/security/fuzz.int.test.ts -t '<operation>'

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const SERVER_LOG = process.env.TEST_SERVER_LOG;

const operations = (await loadApiOperations()).filter(
  (op) => op.body || op.queryParameters.length || op.host === "content",
);
let tenant: TenantWorld;
let superadminToken: string;
beforeAll(async () => {
  const [world, superadmin] = await Promise.all([buildTenantWorld(), createSuperadmin()]);
  tenant = world;
  superadminToken = await signIn(null, superadmin);
}, 120_000);

const statuses = new Map<number, number>();
afterAll(async () => {
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  const byClass = (c: number) =>
    [...statuses].filter(([s]) => Math.floor(s / 100) === c).reduce((a, [, n]) => a + n, 0);
  const detail = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  if (total)
    console.info(
      `fuzz (seed ${SEED}, ${RUNS} per operation): ${operations.length} operations, ${total} cases; 2xx ${byClass(2)}, 4xx ${byClass(4)}, 5xx ${byClass(5)} (${detail})`,
    );
  await testDb().$disconnect();
});

/** The first caller the operation serves (api-access.ts), so the bad input meets validation, not a 403. */
const CALLER_ORDER: [TenantRole | "anonymous" | "superadmin", number][] = [
  ["admin", 4],
  ["instructor", 2],
  ["learner", 1],
  ["anonymous", 0],
  ["superadmin", 5],
];
function callerFor(op: ApiOperation): { subdomain: string | null; bearer?: string; role: string } {
  // No session reaches the content host: its caller is whoever holds the token in the path.
  if (op.host === "content") return { subdomain: subdomainFor(op, tenant.subdomain), role: "anonymous" };
  const row = API_ACCESS[op.key];
  const [role] = CALLER_ORDER.find(([, column]) => row?.[column] === "ok") ?? ["admin"];
  if (role === "superadmin") return { subdomain: null, bearer: superadminToken, role };
  if (role === "anonymous") return { subdomain: tenant.subdomain, role };
  return { subdomain: tenant.subdomain, bearer: tenant.tokens[role], role };
}

/** A seed per operation, so each gets cases of its own and one can be replayed alone. */
const seedFor = (op: ApiOperation) => [...op.key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

const logSize = () => (SERVER_LOG ? statSync(SERVER_LOG).size : 0);
/**
 * What the server logged since `offset`, without Node's deprecation notices: printed once per process by
 * whichever request first reaches the deprecated call (a dependency's), they are not errors of ours.
 */
const logSince = (offset: number) =>
  (SERVER_LOG ? readFileSync(SERVER_LOG).subarray(offset).toString("utf8") : "")
    .split("\n")
    .filter((line) => !/^\(node:\d+\) DeprecationWarning: |^\(Use `node --trace-deprecation/.test(line))
    .join("\n")
    .trim();

/** Row counts without the audit log: recording a refused attempt there is a feature, not a partial write. */
async function rowCounts(): Promise<Record<string, number>> {
  const { AuditLog: _audit, ...counts } = await countOrganizationRows(tenant.id);
  return counts;
}

/**
 * The case sent as a client would: a path Next tidies (`//`, `..` segments) is answered with a 308 to the
 * tidy path, which a client follows with the same method and body; the answer there is what counts.
 */
async function send(c: FuzzCase, caller: ReturnType<typeof callerFor>): Promise<TestResponse> {
  let path = c.path;
  for (let hop = 0; ; hop += 1) {
    const res = await call(caller.subdomain, path, {
      method: c.method,
      headers: c.headers,
      body: c.body,
      bearer: caller.bearer,
    });
    const location = res.headers.location;
    if (hop === 3 || (res.status !== 307 && res.status !== 308) || typeof location !== "string") return res;
    path = location;
  }
}

/**
 * The content host's door (server/app-server.ts): a path that is none of its routes (`/scorm/runtime`
 * without a token, a `..` that leaves them) is a bare "Not found", since that host serves nothing else.
 */
const isContentHostDoor = (op: ApiOperation, c: FuzzCase, res: TestResponse) =>
  op.host === "content" &&
  res.status === 404 &&
  String(res.headers["content-type"]).startsWith("text/plain") &&
  (c.method === "HEAD" || res.text === "Not found");

async function problemWith(
  op: ApiOperation,
  c: FuzzCase,
  caller: ReturnType<typeof callerFor>,
): Promise<string | null> {
  const before = await rowCounts();
  const res = await send(c, caller);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  if (res.status >= 500) return `answered ${res.status} ${res.text.slice(0, 300)}`;
  const redirect = res.status >= 300 && res.status < 400;
  if (redirect && !isRefusalPage(op, res))
    return `answered a redirect ${res.status} to ${String(res.headers.location)}`;
  if ((!redirect && res.status < 400) || isContentHostDoor(op, c, res)) return null;
  if (!redirect) {
    if (!String(res.headers["content-type"]).startsWith("application/json"))
      return `answered ${res.status} as ${String(res.headers["content-type"])}, not JSON: ${res.text.slice(0, 200)}`;
    const error = res.json?.error;
    // An answer to HEAD has no body: its headers are all it says.
    if (
      c.method !== "HEAD" &&
      (typeof error?.code !== "string" || typeof error?.message !== "string" || !error.message.trim())
    )
      return `answered ${res.status} without { error: { code, message } }: ${res.text.slice(0, 200)}`;
  }
  const changed = await rowsChangedBy(before);
  return changed && `answered ${res.status} but ${changed}`;
}

async function rowsChangedBy(before: Record<string, number>): Promise<string | null> {
  const after = await rowCounts();
  const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
  return changed.length
    ? `changed the row counts of ${changed.map((t) => `${t} ${before[t]} → ${after[t]}`).join(", ")}`
    : null;
}

/** A browser flow's refusal: a redirect to a page of the app on the same host (a local path, never another site). */
const isRefusalPage = (op: ApiOperation, res: TestResponse) => {
  const location = String(res.headers.location ?? "");
  return op.browserFlow && location.startsWith("/") && !location.startsWith("//");
};

/** Sends the operation's bad cases as `caller` (acting for `user`, for the valid request they are made from). */
async function fuzzOperation(op: ApiOperation, caller: ReturnType<typeof callerFor>, user: TestUser | null) {
  const valid = await buildRequest(op, tenant, { user });
  const logOffset = logSize();
  const seed = seedFor(op);
  try {
    await fc.assert(
      fc.asyncProperty(fuzzCases(op, valid), async (c) => {
        const problem = await problemWith(op, c, caller);
        if (problem) throw new Error(`${problem}\n    request (as ${caller.role}): ${describeCase(c)}`);
      }),
      { seed, numRuns: RUNS, endOnFailure: true },
    );
  } catch (error) {
    // fast-check's report (seed, path, the case) and, as its cause, what was wrong with the answer.
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : "";
    throw new Error(
      `${op.key} (FUZZ_SEED=${SEED}, operation seed ${seed}): ${error instanceof Error ? error.message : String(error)}${cause}`,
    );
  }
  const logged = logSince(logOffset);
  expect(logged, `${op.key}: the server logged errors while it was fuzzed (FUZZ_SEED=${SEED})`).toBe("");
}

describe(`bad input (${RUNS} cases per operation, seed ${SEED})`, () => {
  it("covers operations", () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations.map((op) => [op.key, op] as const))(
    "%s",
    async (_key, op) => {
      const chosen = callerFor(op);
      const user =
        chosen.role === "anonymous" || chosen.role === "superadmin" ? null : tenant.users[chosen.role as TenantRole];
      // A logout ends the session it is sent with: a sign-in of its own keeps the role's token for the rest.
      const caller =
        user && ENDS_CALLERS_SESSION.has(op.key) ? { ...chosen, bearer: await signIn(chosen.subdomain, user) } : chosen;
      await fuzzOperation(op, caller, user);
    },
    Math.max(60_000, RUNS * 3_000),
  );
});

/** The /api operations a key with every scope the admin may give is served by (./api-key-access.ts). */
const keyOperations = operations.filter((op) => op.path.startsWith("/api/") && API_KEY_ACCESS[op.key]?.[0] === "ok");

describe(`bad input through an API key (${RUNS} cases per operation, seed ${SEED})`, () => {
  it("covers operations", () => {
    expect(keyOperations.length).toBeGreaterThan(20);
  });

  it.each(keyOperations.map((op) => [op.key, op] as const))(
    "%s",
    async (_key, op) => {
      // A key of its own per operation: the cases stay within one key's rate limit.
      const key = await spareApiKey(tenant.id, tenant.users.admin.id, tenant.marker, grantableScopes("admin"));
      await fuzzOperation(
        op,
        { subdomain: tenant.subdomain, bearer: key.secret, role: "full API key" },
        tenant.users.admin,
      );
    },
    Math.max(60_000, RUNS * 3_000),
  );
});
