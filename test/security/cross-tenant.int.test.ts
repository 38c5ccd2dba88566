import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "@/test/factories";
import { call, hostFor, type TestResponse } from "@/test/http";
import { API_ACCESS, outcomeOf } from "./api-access";
import { loadApiOperations, type ApiOperation } from "./api-operations";
import {
  ID_SOURCES,
  buildRequest,
  settleBackgroundWork,
  unknownIdPositions,
  type BuiltRequest,
  type Substitution,
} from "./requests";
import { changedTables, snapshotOrganization } from "./row-snapshot";
import { TENANT_ROLES, buildWorld, type TenantRole, type TenantWorld, type World } from "./world";

// Organization B attacks organization A through every operation of the API document: each role of B
// (and an anonymous visitor) on B's host with A's ids in every id position, all at once and one at a
// time; B's cookie and B's bearer token on A's host. Expected: 401/403/404 (a 400 or 409 where an id sits
// in a body), never A's marker in an answer, and not one of A's rows changed. Then every stored file of A,
// fetched by B, anonymously and through encoded `..`.

let world: World;
let operations: ApiOperation[];
beforeAll(async () => {
  [world, operations] = await Promise.all([buildWorld(), loadApiOperations()]);
}, 120_000);
afterAll(() => testDb().$disconnect());

const figures = { requests: 0, positions: 0, operations: 0 };
afterAll(() => {
  if (figures.requests)
    console.info(
      `cross-tenant sweep: ${figures.operations} operations, ${figures.positions} id positions filled with A's ids, ${figures.requests} requests`,
    );
});

const isWrite = (op: ApiOperation) => op.method !== "GET";

/** Where A's ids go: all of them at once, then each alone (when there is more than one). */
function substitutionSets(op: ApiOperation, a: TenantWorld, b: TenantWorld): Substitution[][] {
  const all = op.idPositions.map((position) => ({ position, id: ID_SOURCES[position.key]!(a, op) }));
  // Where A's id is not put, B's own stands: they must differ, or the sweep proves nothing.
  for (const { position, id } of all)
    if (id === ID_SOURCES[position.key]!(b, op))
      throw new Error(`${op.key}: ${position.key} has the same id in A and B`);
  return all.length > 1 ? [all, ...all.map((s) => [s])] : [all];
}

/** The statuses a refusal may have, by where A's id sits (the strictest position decides). */
function allowedStatuses(substitutions: Substitution[], anonymous: boolean, op: ApiOperation): number[] {
  if (anonymous && op.access === "signed-in") return [401];
  const where = new Set(
    substitutions.map(
      (s) => ({ "path:token": "reset token", "path:secret": "feed secret" })[s.position.key] ?? s.position.in,
    ),
  );
  // An iCal feed secret is a key, not an address: on any host but its organization's it opens nothing.
  if (where.has("feed secret")) return [404];
  if (where.has("path")) return [403, 404];
  // A reset token is a secret, not an address: any token that is not this host's is the spec's 400.
  if (where.has("reset token")) return [400];
  if (where.has("body")) return [400, 403, 404, 409];
  if (where.has("query")) return [200, 400, 403, 404];
  return [];
}

interface Attempt {
  label: string;
  request: BuiltRequest;
  subdomain: string;
  credentials: { bearer?: string; cookie?: string };
  check(res: TestResponse): string | null;
}

function send(attempt: Attempt): Promise<TestResponse> {
  figures.requests += 1;
  const headers = { ...attempt.request.headers };
  if (attempt.credentials.cookie) {
    headers.cookie = `next-auth.session-token=${attempt.credentials.cookie}`;
    // A page of the host it is sent to: the Origin check passes, so what answers is the caller resolution.
    headers.origin = `http://${hostFor(attempt.subdomain)}`;
  }
  return call(attempt.subdomain, attempt.request.path, {
    method: attempt.request.method,
    body: attempt.request.body,
    headers,
    bearer: attempt.credentials.bearer,
  });
}

/** B's callers on B's own host, with A's ids. */
async function onOwnHost(op: ApiOperation): Promise<Attempt[]> {
  const { a, b } = world;
  if (op.idPositions.length === 0 && op.access === "public" && isWrite(op)) return []; // nothing of A's to name
  const sets = op.idPositions.length ? substitutionSets(op, a, b) : [[]];
  figures.positions += op.idPositions.length;
  const attempts: Attempt[] = [];
  for (const substitutions of sets) {
    const where = substitutions.map((s) => s.position.key).join(", ") || "no ids";
    const callers: [string, TenantRole | null][] = [
      ["anonymous", null],
      ...TENANT_ROLES.map((r) => [r, r] as [string, TenantRole]),
    ];
    for (const [name, role] of callers) {
      const request = await buildRequest(op, b, { user: role ? b.users[role] : null }, substitutions);
      const allowed = allowedStatuses(substitutions, role === null, op);
      attempts.push({
        label: `B ${name} ${op.key} with A's ${where}`,
        request,
        subdomain: b.subdomain,
        credentials: role ? { bearer: b.tokens[role] } : {},
        check: (res) => {
          if (res.text.includes(a.marker)) return `answered A's data: ${res.status} ${res.text.slice(0, 200)}`;
          if (res.status >= 500) return `answered ${res.status} ${res.text.slice(0, 200)}`;
          if (allowed.length && !allowed.includes(res.status))
            return `expected ${allowed.join("/")}, got ${res.status} ${res.text.slice(0, 200)}`;
          return null;
        },
      });
    }
  }
  return attempts;
}

/** B's admin cookie and B's learner and admin bearer tokens on A's host, with A's own ids. */
async function onOtherHost(op: ApiOperation, anonymousStatus: number | undefined): Promise<Attempt[]> {
  const { a, b } = world;
  if (op.access === "public" && isWrite(op)) return []; // anyone may sign in or sign up on A's host
  const request = await buildRequest(op, a, { user: null });
  const credentials: [string, { bearer?: string; cookie?: string }][] = [
    ["admin cookie", { cookie: b.tokens.admin }],
    ["admin bearer", { bearer: b.tokens.admin }],
    ["learner bearer", { bearer: b.tokens.learner }],
  ];
  return credentials.map(([name, creds]) => ({
    label: `B ${name} on A's host ${op.key}`,
    request,
    subdomain: a.subdomain,
    credentials: creds,
    check: (res) => {
      // Signed-in operations see nobody; the others answer exactly as to an anonymous visitor of A.
      const expected = op.access === "signed-in" ? 401 : anonymousStatus;
      return res.status === expected
        ? null
        : `expected ${expected} (as to nobody), got ${res.status} ${res.text.slice(0, 200)}`;
    },
  }));
}

describe("every operation of the API document", () => {
  it("has every id position filled from the table in test/security/requests.ts", () => {
    const unknown = operations.flatMap((op) => unknownIdPositions(op).map((key) => `${op.key}: ${key}`));
    expect(unknown, "id positions the sweep cannot fill: add them to ID_SOURCES in test/security/requests.ts").toEqual(
      [],
    );
  });
});

describe("organization B against organization A", () => {
  it("B's roles and visitors, on both hosts, neither read nor change A's data through any operation", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      figures.operations += 1;
      // The anonymous answer on A's host, for operations open to visitors: B's credentials must change nothing.
      let anonymousStatus: number | undefined;
      if (op.access !== "signed-in" && !isWrite(op))
        anonymousStatus = (
          await send({
            label: "",
            request: await buildRequest(op, world.a, { user: null }),
            subdomain: world.a.subdomain,
            credentials: {},
            check: () => null,
          })
        ).status;
      // Requests are built first: building one may add a record to work on (requests.ts DISPOSABLE).
      const attempts = [...(await onOwnHost(op)), ...(await onOtherHost(op, anonymousStatus))];
      const before = await snapshotOrganization(world.a.id);
      for (const attempt of attempts) {
        const problem = attempt.check(await send(attempt));
        if (problem) failures.push(`${attempt.label}: ${problem}`);
      }
      const changed = changedTables(before, await snapshotOrganization(world.a.id));
      if (changed.length) failures.push(`${op.key} changed A's rows in ${changed.join(", ")}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe("cross-site writes with A's own cookie", () => {
  // Cookies ride along on requests from sibling tenants' pages (one site for SameSite): every write that
  // authenticates by cookie must come from a page of its own host.
  it("every state-changing operation refuses them with 403 and changes nothing; from A's own page it works", async () => {
    const { a, b } = world;
    const failures: string[] = [];
    const foreign: [string, Record<string, string>][] = [
      ["B's page", { origin: `http://${hostFor(b.subdomain)}` }],
      ["an opaque origin", { origin: "null" }],
      ["another site", { origin: "https://attacker.example" }],
      ["a cross-site fetch without Origin", { "sec-fetch-site": "cross-site" }],
    ];
    for (const op of operations.filter((o) => isWrite(o) && o.access !== "public")) {
      const request = await buildRequest(op, a, { user: a.users.admin });
      const send = (headers: Record<string, string>) => {
        figures.requests += 1;
        return call(a.subdomain, request.path, {
          method: request.method,
          body: request.body,
          headers: { ...request.headers, cookie: `next-auth.session-token=${a.tokens.admin}`, ...headers },
        });
      };
      const before = await snapshotOrganization(a.id);
      for (const [from, headers] of foreign) {
        const res = await send(headers);
        if (res.status !== 403 || typeof res.json?.error?.message !== "string")
          failures.push(
            `${op.key} from ${from}: expected 403 with a message, got ${res.status} ${res.text.slice(0, 160)}`,
          );
      }
      const changed = changedTables(before, await snapshotOrganization(a.id));
      if (changed.length) failures.push(`${op.key} from other origins changed A's rows in ${changed.join(", ")}`);
      // The control: the same request from A's own page is answered as the role matrix says.
      const own = await send({ origin: `http://${hostFor(a.subdomain)}` });
      await settleBackgroundWork(a.id);
      if (outcomeOf(own.status) !== API_ACCESS[op.key]?.[4])
        failures.push(
          `${op.key} from A's own page: expected ${API_ACCESS[op.key]?.[4]}, got ${own.status} ${own.text.slice(0, 160)}`,
        );
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("A's stored files", () => {
  /** Each file of A: its URL, whether anyone may fetch it on A's host, and its bytes as A's admin gets them. */
  async function filesOfA(): Promise<{ name: string; url: string; isPublic: boolean; bytes: Buffer }[]> {
    const { a } = world;
    const asAdmin = async (url: string) => {
      const res = await call(a.subdomain, url, { bearer: a.tokens.admin });
      if (res.status !== 200) throw new Error(`A's admin could not fetch ${url}: ${res.status}`);
      return res.body;
    };
    return [
      { name: "avatar", url: a.files.avatar, isPublic: true, bytes: await asAdmin(a.files.avatar) },
      {
        name: "published course thumbnail",
        url: a.files.thumbnail,
        isPublic: true,
        bytes: await asAdmin(a.files.thumbnail),
      },
      {
        name: "draft course thumbnail",
        url: a.files.draftThumbnail,
        isPublic: false,
        bytes: await asAdmin(a.files.draftThumbnail),
      },
      { name: "SCORM package file", url: a.files.scormFile, isPublic: false, bytes: await asAdmin(a.files.scormFile) },
      {
        name: "lesson file (by its storage key)",
        url: `/uploads/${a.files.lessonFileKey}`,
        isPublic: false,
        bytes: await asAdmin(`/api/courses/${a.ids.courseId}/lessons/${a.ids.fileLessonId}/media`),
      },
    ];
  }

  /** The same file reached from one of B's own file URLs through `..`, plain, encoded and double-encoded. */
  function traversals(url: string): string[] {
    const { b } = world;
    const target = url.replace(/^\/uploads\//, "");
    const bases = [b.files.avatar, b.files.thumbnail, b.files.scormFile].map((u) => u.slice(0, u.lastIndexOf("/")));
    const ups = ["../", "..%2f", "%2e%2e/", "%2e%2e%2f", "%252e%252e%252f", "..%252f", "..%5c", "....//"];
    return bases.flatMap((base) => {
      const depth = base.split("/").length - 1; // up to the storage root
      return ups.map((up) => `${base}/${up.repeat(depth)}${target}`);
    });
  }

  it("answer only where they are public, and only on A's host; nobody reaches them through `..`", async () => {
    const { a, b } = world;
    const failures: string[] = [];
    const callers: [string, string, { bearer?: string; cookie?: string }][] = [
      ["anonymous on B's host", b.subdomain, {}],
      ["B's learner on B's host", b.subdomain, { bearer: b.tokens.learner }],
      ["B's admin on B's host", b.subdomain, { bearer: b.tokens.admin }],
      ["B's admin cookie on B's host", b.subdomain, { cookie: b.tokens.admin }],
      ["anonymous on the apex", "", {}],
      ["anonymous on A's host", a.subdomain, {}],
      ["B's admin on A's host", a.subdomain, { bearer: b.tokens.admin }],
      ["B's admin cookie on A's host", a.subdomain, { cookie: b.tokens.admin }],
    ];
    /** A fetch as a browser's: redirects (Next tidies `//` in paths) are followed on the same host. */
    const fetch = async (
      subdomain: string,
      url: string,
      creds: { bearer?: string; cookie?: string },
    ): Promise<TestResponse> => {
      let res: TestResponse | undefined;
      for (let hop = 0, next = url; hop < 4; hop += 1) {
        figures.requests += 1;
        res = await call(subdomain || null, next, {
          bearer: creds.bearer,
          headers: creds.cookie ? { cookie: `next-auth.session-token=${creds.cookie}` } : {},
        });
        const location = res.headers.location;
        if (res.status < 300 || res.status >= 400 || typeof location !== "string") break;
        next = new URL(location, "http://x").pathname;
      }
      return res!;
    };
    for (const file of await filesOfA()) {
      for (const [who, subdomain, creds] of callers) {
        const res = await fetch(subdomain, file.url, creds);
        const mayRead = file.isPublic && subdomain === a.subdomain;
        if (mayRead && res.status !== 200) failures.push(`${who} GET ${file.name}: expected 200, got ${res.status}`);
        if (!mayRead && (res.status < 400 || res.status >= 500 || res.body.equals(file.bytes)))
          failures.push(`${who} GET ${file.name}: expected a refusal, got ${res.status}`);
      }
      for (const url of traversals(file.url)) {
        for (const [who, creds] of [
          ["anonymous", {}],
          ["B's admin", { bearer: b.tokens.admin }],
        ] as const) {
          const res = await fetch(b.subdomain, url, creds);
          if (res.status < 400 || res.status >= 500 || res.body.equals(file.bytes))
            failures.push(`${who} on B's host GET ${url} (${file.name}): expected a refusal, got ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
