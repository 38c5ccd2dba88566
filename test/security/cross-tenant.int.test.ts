import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "@/test/factories";
import { call, hostFor, type TestResponse } from "@/test/http";
import { API_ACCESS, outcomeOf } from "./api-access";
import { loadApiOperations, subdomainFor, type ApiHost, type ApiOperation } from "./api-operations";
import {
  ID_SOURCES,
  NOT_OWNED_POSITIONS,
  buildRequest,
  settleBackgroundWork,
  unknownIdPositions,
  type BuiltRequest,
  type Substitution,
} from "./requests";
import { changedTables, snapshotOrganization } from "./row-snapshot";
import { API_KEY_CALLERS, TENANT_ROLES, buildWorld, type TenantRole, type TenantWorld, type World } from "./world";

// Organization B attacks organization A through every operation of the API document: each role of B
// (and an anonymous visitor) on B's host with A's ids in every id position, all at once and one at a
// time (B's API keys too); B's cookie, B's bearer token and B's API key on A's host. Expected: 401/403/404 (a 400 or 409 where an id sits
// in a body), never A's marker in an answer, and not one of A's rows changed. Then every stored file of A,
// fetched by B, anonymously and through encoded `..`. The content host's routes are sent to the content
// host of the organization whose host is meant (B's with A's token; A's with B's token: both 404).

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

const isWrite = (op: ApiOperation) => op.method !== "GET" && op.method !== "HEAD";

/** Where A's ids go: all of them at once, then each alone (when there is more than one). */
function substitutionSets(op: ApiOperation, a: TenantWorld, b: TenantWorld): Substitution[][] {
  const all = op.idPositions
    .filter((p) => !NOT_OWNED_POSITIONS.has(p.key))
    .map((position) => ({ position, id: ID_SOURCES[position.key]!(a, op) }));
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
      (s) =>
        ({ "path:token": "reset token", "path:secret": "feed secret", "path:contentToken": "content token" })[
          s.position.key
        ] ?? s.position.in,
    ),
  );
  // An iCal feed secret and a content token are keys, not addresses: on any host but their organization's they open nothing.
  if (where.has("feed secret") || where.has("content token")) return [404];
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

/** The check of a refusal: none of A's data, no 5xx, and one of the `allowed` statuses (if any are named). */
function refusedWithout(marker: string, allowed: number[]): Attempt["check"] {
  return (res) => {
    if (res.text.includes(marker)) return `answered A's data: ${res.status} ${res.text.slice(0, 200)}`;
    if (res.status >= 500) return `answered ${res.status} ${res.text.slice(0, 200)}`;
    if (allowed.length && !allowed.includes(res.status))
      return `expected ${allowed.join("/")}, got ${res.status} ${res.text.slice(0, 200)}`;
    return null;
  };
}

/** B's callers on B's own host, with A's ids. */
async function onOwnHost(op: ApiOperation): Promise<Attempt[]> {
  const { a, b } = world;
  if (op.idPositions.length === 0 && op.access === "public" && isWrite(op)) return []; // nothing of A's to name
  const sets = op.idPositions.length ? substitutionSets(op, a, b) : [[]];
  figures.positions += sets[0]!.length;
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
        subdomain: subdomainFor(op, b.subdomain)!,
        credentials: role ? { bearer: b.tokens[role] } : {},
        check: refusedWithout(a.marker, allowed),
      });
    }
    // B's API keys (made by B's admin), with A's ids: refused as B's admin is, or as nobody outside /api.
    for (const key of API_KEY_CALLERS) {
      const request = await buildRequest(op, b, { user: b.users.admin }, substitutions);
      const allowed = op.path.startsWith("/api/")
        ? allowedStatuses(substitutions, false, op)
        : allowedStatuses(substitutions, true, op).concat(401);
      attempts.push({
        label: `B ${key} API key ${op.key} with A's ${where}`,
        request,
        subdomain: subdomainFor(op, b.subdomain)!,
        credentials: { bearer: b.apiKeys[key] },
        check: refusedWithout(a.marker, allowed),
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
    ["full API key", { bearer: b.apiKeys.full }],
  ];
  return credentials.map(([name, creds]) => ({
    label: `B ${name} on A's host ${op.key}`,
    request,
    subdomain: subdomainFor(op, a.subdomain)!,
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

/** B's own request, B's token in it, on A's content host: a token is good on its organization's host only. */
async function ownTokenOnOtherContentHost(op: ApiOperation): Promise<Attempt[]> {
  const { a, b } = world;
  if (op.host !== "content") return [];
  return [
    {
      label: `B's own token on A's content host ${op.key}`,
      request: await buildRequest(op, b, { user: null }),
      subdomain: subdomainFor(op, a.subdomain)!,
      credentials: {},
      check: (res) => (res.status === 404 ? null : `expected 404, got ${res.status} ${res.text.slice(0, 200)}`),
    },
  ];
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
            subdomain: subdomainFor(op, world.a.subdomain)!,
            credentials: {},
            check: () => null,
          })
        ).status;
      // Requests are built first: building one may add a record to work on (requests.ts DISPOSABLE).
      const attempts = [
        ...(await onOwnHost(op)),
        ...(await onOtherHost(op, anonymousStatus)),
        ...(await ownTokenOnOtherContentHost(op)),
      ];
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
  interface StoredFile {
    name: string;
    /** Its URL on A's app host, or on A's content host (a SCORM file, the token in its path). */
    url: string;
    host: ApiHost;
    /** Where it lies in storage: what a `..` from another file would have to reach. */
    storageKey: string;
    /** Whether anyone may fetch it on A's host (of its kind). */
    isPublic: boolean;
    /** Its bytes as A's admin gets them. */
    bytes: Buffer;
  }

  async function filesOfA(): Promise<StoredFile[]> {
    const { a } = world;
    const asAdmin = async (host: ApiHost, url: string) => {
      const res = await call(subdomainFor({ host }, a.subdomain), url, { bearer: a.tokens.admin });
      if (res.status !== 200) throw new Error(`A's admin could not fetch ${url}: ${res.status}`);
      return res.body;
    };
    const stored = (url: string) => url.replace(/^\/uploads\//, "");
    return [
      {
        name: "avatar",
        url: a.files.avatar,
        host: "app",
        storageKey: stored(a.files.avatar),
        isPublic: true,
        bytes: await asAdmin("app", a.files.avatar),
      },
      {
        name: "published course thumbnail",
        url: a.files.thumbnail,
        host: "app",
        storageKey: stored(a.files.thumbnail),
        isPublic: true,
        bytes: await asAdmin("app", a.files.thumbnail),
      },
      {
        name: "draft course thumbnail",
        url: a.files.draftThumbnail,
        host: "app",
        storageKey: stored(a.files.draftThumbnail),
        isPublic: false,
        bytes: await asAdmin("app", a.files.draftThumbnail),
      },
      // A's signed-in members only: no caller below is one.
      {
        name: "content image",
        url: a.files.contentImage,
        host: "app",
        storageKey: stored(a.files.contentImage),
        isPublic: false,
        bytes: await asAdmin("app", a.files.contentImage),
      },
      // Its URL is a capability: whoever holds it reads the file, with or without a session, on A's content host only.
      {
        name: "SCORM package file",
        url: a.files.scormFile,
        host: "content",
        storageKey: a.files.scormFileKey,
        isPublic: true,
        bytes: await asAdmin("content", a.files.scormFile),
      },
      {
        name: "lesson file (by its storage key)",
        url: `/uploads/${a.files.lessonFileKey}`,
        host: "app",
        storageKey: a.files.lessonFileKey,
        isPublic: false,
        bytes: await asAdmin("app", `/api/courses/${a.ids.courseId}/lessons/${a.ids.fileLessonId}/media`),
      },
    ];
  }

  /**
   * The file reached from one of B's own file URLs through `..`, plain, encoded and double-encoded: up to
   * the storage root and down to the file's key. On the content host `/scorm/files/{token}/` is B's
   * package's storage prefix, so the way up goes through the prefix's folders too.
   */
  function traversals(file: StoredFile): { host: ApiHost; url: string }[] {
    const { b } = world;
    const dirOf = (url: string) => url.slice(0, url.lastIndexOf("/"));
    const bases: { host: ApiHost; dir: string; depth: number }[] = [
      ...[b.files.avatar, b.files.thumbnail, b.files.contentImage].map((url) => ({
        host: "app" as const,
        dir: dirOf(url),
        depth: dirOf(url).split("/").length - 1,
      })),
      { host: "content", dir: dirOf(b.files.scormFile), depth: b.files.scormFileKey.split("/").length - 1 },
    ];
    const ups = ["../", "..%2f", "%2e%2e/", "%2e%2e%2f", "%252e%252e%252f", "..%252f", "..%5c", "....//"];
    return bases.flatMap(({ host, dir, depth }) =>
      ups.map((up) => ({ host, url: `${dir}/${up.repeat(depth)}${file.storageKey}` })),
    );
  }

  it("answer only where they are public, and only on A's host; nobody reaches them through `..`", async () => {
    const { a, b } = world;
    const failures: string[] = [];
    // "A's host" and "B's host" are of the file's kind: the app host, or the content host for a SCORM file.
    type Place = "A" | "B" | "apex" | "A's app host";
    const callers: [string, Place, { bearer?: string; cookie?: string }][] = [
      ["anonymous on B's host", "B", {}],
      ["B's learner on B's host", "B", { bearer: b.tokens.learner }],
      ["B's admin on B's host", "B", { bearer: b.tokens.admin }],
      ["B's admin cookie on B's host", "B", { cookie: b.tokens.admin }],
      ["anonymous on the apex", "apex", {}],
      ["anonymous on A's host", "A", {}],
      ["B's admin on A's host", "A", { bearer: b.tokens.admin }],
      ["B's admin cookie on A's host", "A", { cookie: b.tokens.admin }],
    ];
    // Content is served on the content host only, whatever session comes with it to the app host.
    const onAppHost: [string, Place, { bearer?: string; cookie?: string }][] = [
      ["anonymous on A's app host", "A's app host", {}],
      ["A's admin cookie on A's app host", "A's app host", { cookie: a.tokens.admin }],
    ];
    const subdomainAt = (place: Place, file: StoredFile) =>
      place === "apex"
        ? null
        : place === "A's app host"
          ? a.subdomain
          : subdomainFor(file, place === "A" ? a.subdomain : b.subdomain);
    /** A fetch as a browser's: redirects (Next tidies `//` in paths) are followed on the same host. */
    const fetch = async (
      subdomain: string | null,
      url: string,
      creds: { bearer?: string; cookie?: string },
    ): Promise<TestResponse> => {
      let res: TestResponse | undefined;
      for (let hop = 0, next = url; hop < 4; hop += 1) {
        figures.requests += 1;
        res = await call(subdomain, next, {
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
      for (const [who, place, creds] of [...callers, ...(file.host === "content" ? onAppHost : [])]) {
        const res = await fetch(subdomainAt(place, file), file.url, creds);
        const mayRead = file.isPublic && place === "A";
        if (mayRead && res.status !== 200) failures.push(`${who} GET ${file.name}: expected 200, got ${res.status}`);
        if (!mayRead && (res.status < 400 || res.status >= 500 || res.body.equals(file.bytes)))
          failures.push(`${who} GET ${file.name}: expected a refusal, got ${res.status}`);
      }
      for (const { host, url } of traversals(file)) {
        for (const [who, creds] of [
          ["anonymous", {}],
          ["B's admin", { bearer: b.tokens.admin }],
        ] as const) {
          const res = await fetch(subdomainFor({ host }, b.subdomain), url, creds);
          if (res.status < 400 || res.status >= 500 || res.body.equals(file.bytes))
            failures.push(
              `${who} on B's ${host} host GET ${url} (${file.name}): expected a refusal, got ${res.status}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("the server's error log", () => {
  it("holds no content token after all of the above", () => {
    const log = process.env.TEST_SERVER_LOG ? readFileSync(process.env.TEST_SERVER_LOG, "utf8") : "";
    // Its head and its MAC too, should a line hold a token cut short.
    for (const t of [world.a, world.b]) {
      for (const part of [t.contentToken, t.contentToken.slice(0, 40), t.contentToken.slice(-22)])
        expect(log.includes(part), `${t.subdomain}'s content token is in the server's log`).toBe(false);
    }
  });
});

describe("the xAPI endpoint (/xapi/, not in the API document)", () => {
  const XAPI_RESOURCES: [string, string][] = [
    ["GET", "statements"],
    ["POST", "statements"],
    ["PUT", "statements?statementId=STATEMENT"],
    ["GET", "statements?statementId=STATEMENT"],
    ["GET", "activities?activityId=http%3A%2F%2Fexample.test%2Fa"],
    ["GET", "agents?agent=AGENT"],
    ["GET", "activities/state?activityId=http%3A%2F%2Fexample.test%2Fa&agent=AGENT&stateId=s"],
    ["PUT", "activities/state?activityId=http%3A%2F%2Fexample.test%2Fa&agent=AGENT&stateId=s"],
    ["DELETE", "activities/state?activityId=http%3A%2F%2Fexample.test%2Fa&agent=AGENT"],
    ["GET", "activities/profile?activityId=http%3A%2F%2Fexample.test%2Fa&profileId=p"],
    ["PUT", "activities/profile?activityId=http%3A%2F%2Fexample.test%2Fa&profileId=p"],
    ["GET", "agents/profile?agent=AGENT&profileId=p"],
    ["POST", "agents/profile?agent=AGENT&profileId=p"],
  ];
  const basic = (c: { key: string; secret: string }) =>
    `Basic ${Buffer.from(`${c.key}:${c.secret}`).toString("base64")}`;

  it("B's LRS client, B's session and anonymous callers get nothing of A's; B never reads A's statements", async () => {
    const { a, b } = world;
    const before = await snapshotOrganization(a.id);
    const agent = encodeURIComponent(JSON.stringify({ mbox: `mailto:${a.marker}@example.test` }));
    const statement = {
      actor: { mbox: `mailto:${b.marker}@example.test` },
      verb: { id: "http://adlnet.gov/expapi/verbs/completed" },
      object: { id: "http://example.test/a" },
    };
    const failures: string[] = [];
    const callers: [string, Record<string, string>][] = [
      ["B's LRS client", { authorization: basic(b.lrs) }],
      ["B's admin bearer", { authorization: `Bearer ${b.tokens.admin}` }],
      ["B's admin cookie", { cookie: `next-auth.session-token=${b.tokens.admin}` }],
      ["anonymous", {}],
    ];
    for (const [method, resource] of XAPI_RESOURCES) {
      const path = `/xapi/${resource.replace("STATEMENT", a.lrs.statementId).replace("AGENT", agent)}`;
      for (const [who, headers] of callers) {
        figures.requests += 1;
        const res = await call(a.subdomain, path, {
          method,
          headers: { "x-experience-api-version": "2.0.0", ...headers },
          ...(method === "GET" || method === "DELETE" ? {} : { json: statement }),
        });
        if (res.status !== 401) failures.push(`${who} ${method} ${path} on A's host: expected 401, got ${res.status}`);
        if (res.text.includes(a.marker)) failures.push(`${who} ${method} ${path}: A's marker in the answer`);
      }
    }
    // On B's own host, B's client with A's statement id finds nothing, and queries show none of A's.
    const own = (path: string) =>
      call(b.subdomain, path, { headers: { "x-experience-api-version": "2.0.0", authorization: basic(b.lrs) } });
    const byId = await own(`/xapi/statements?statementId=${a.lrs.statementId}`);
    if (byId.status !== 404)
      failures.push(`B's client GET A's statement on B's host: expected 404, got ${byId.status}`);
    const byAgent = await own(`/xapi/statements?agent=${agent}`);
    if (byAgent.status !== 200 || byAgent.json.statements.length !== 0 || byAgent.text.includes(a.marker))
      failures.push(`B's client queried A's agent on B's host: ${byAgent.status} ${byAgent.text.slice(0, 200)}`);
    const all = await own("/xapi/statements?limit=0");
    if (all.text.includes(a.marker)) failures.push("B's client's unfiltered query holds A's marker");
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshotOrganization(a.id))).toEqual([]);
  }, 60_000);
});
