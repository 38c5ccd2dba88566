import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call, type TestRequest, type TestResponse } from "@/test/http";
import { signIn } from "@/test/session";

// The organization's xAPI Learning Record Store (docs/xapi.md): LRS clients made by an administrator,
// statements stored, read, filtered and voided, attachments, documents with their ETags, and tenancy
// (a client is a 401 on another organization's host; statements never cross organizations). The whole
// spec is checked by ADL's conformance suite (npm run test:conformance); these are the core behaviours.

interface Client {
  key: string;
  secret: string;
}

let acme: TestTenant;
let globex: TestTenant;
let acmeAdmin: string;
let acmeClient: Client;
let globexClient: Client;

async function createClient(
  tenant: TestTenant,
  token: string,
  scopes: string[],
  name = "Course player",
): Promise<Client & { id: string }> {
  const res = await call(tenant.subdomain, "/api/admin/lrs-clients", { bearer: token, json: { name, scopes } });
  expect(res.status, res.text).toBe(201);
  return { id: res.json.id, key: res.json.key, secret: res.json.secret };
}

beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  acmeAdmin = await signIn(acme.subdomain, acme.users.admin);
  const globexAdmin = await signIn(globex.subdomain, globex.users.admin);
  acmeClient = await createClient(acme, acmeAdmin, ["all"]);
  globexClient = await createClient(globex, globexAdmin, ["all"]);
});
afterAll(() => testDb().$disconnect());

function xapi(tenant: TestTenant, client: Client, path: string, options: TestRequest = {}): Promise<TestResponse> {
  return call(tenant.subdomain, `/xapi/${path}`, {
    ...options,
    headers: {
      authorization: `Basic ${Buffer.from(`${client.key}:${client.secret}`).toString("base64")}`,
      "x-experience-api-version": "2.0.0",
      ...options.headers,
    },
  });
}

const actor = (name: string) => ({ objectType: "Agent", name, mbox: `mailto:${name}@example.test` });
const statement = (
  name: string,
  verb = "http://adlnet.gov/expapi/verbs/completed",
  activity = "http://example.test/course/1",
) => ({
  actor: actor(name),
  verb: { id: verb, display: { "en-US": "completed" } },
  object: { objectType: "Activity", id: activity },
});

describe("LRS clients", () => {
  it("an administrator creates one (secret shown once, stored hashed); revoked, it is a 401", async () => {
    const created = await call(acme.subdomain, "/api/admin/lrs-clients", {
      bearer: acmeAdmin,
      json: { name: "Authoring tool", scopes: ["statements/write", "statements/read/mine"] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      name: "Authoring tool",
      scopes: ["statements/write", "statements/read/mine"],
      status: "active",
      last_used_at: null,
      endpoint: `http://${acme.subdomain}.localhost:${process.env.TEST_PORT}/xapi/`,
    });
    expect(created.json.secret).toMatch(/^lrss_[A-Za-z0-9_-]{43}$/);
    const row = await testDb().lrsClient.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(row.secretHash).toBe(createHash("sha256").update(created.json.secret).digest("hex"));
    const client = { key: created.json.key, secret: created.json.secret };

    expect((await xapi(acme, client, "statements", { json: statement("ann") })).status).toBe(200);
    const list = await call(acme.subdomain, "/api/admin/lrs-clients", { bearer: acmeAdmin });
    const shown = list.json.items.find((c: { id: string }) => c.id === created.json.id);
    expect(shown.last_used_at).not.toBeNull();
    expect(JSON.stringify(list.json)).not.toContain(created.json.secret);

    const revoked = await call(acme.subdomain, `/api/admin/lrs-clients/${created.json.id}`, {
      method: "DELETE",
      bearer: acmeAdmin,
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.status).toBe("revoked");
    expect((await xapi(acme, client, "statements", { json: statement("ann") })).status).toBe(401);
  });

  it("a learner cannot create one (403); a wrong secret is a 401", async () => {
    const learner = await signIn(acme.subdomain, acme.users.learner);
    const res = await call(acme.subdomain, "/api/admin/lrs-clients", {
      bearer: learner,
      json: { name: "x", scopes: ["all"] },
    });
    expect(res.status).toBe(403);
    const wrong = await xapi(acme, { key: acmeClient.key, secret: "lrss_wrong" }, "statements");
    expect(wrong.status).toBe(401);
    expect(wrong.headers["x-experience-api-version"]).toBe("2.0.0");
  });

  it("a request that names no xAPI version is a 400 in the version of the client's content", async () => {
    const versionless = (client: Client) =>
      call(acme.subdomain, "/xapi/statements", {
        headers: { authorization: `Basic ${Buffer.from(`${client.key}:${client.secret}`).toString("base64")}` },
      });
    const legacy = await call(acme.subdomain, "/api/admin/lrs-clients", {
      bearer: acmeAdmin,
      json: { name: "Legacy course", scopes: ["statements/write"], xapi_version: "1.0.3" },
    });
    expect(legacy.status, legacy.text).toBe(201);
    expect(legacy.json.xapi_version).toBe("1.0.3");
    const refusedLegacy = await versionless(legacy.json);
    expect(refusedLegacy.status).toBe(400);
    expect(refusedLegacy.headers["x-experience-api-version"]).toBe("1.0.3");
    const refusedLatest = await versionless(acmeClient);
    expect(refusedLatest.status).toBe(400);
    expect(refusedLatest.headers["x-experience-api-version"]).toBe("2.0.0");
    // A request that names its version is answered in it, whatever the client's.
    const named = await xapi(acme, legacy.json, "statements", { json: statement("ann") });
    expect(named.status).toBe(200);
    expect(named.headers["x-experience-api-version"]).toBe("2.0.0");

    const unknown = await call(acme.subdomain, "/api/admin/lrs-clients", {
      bearer: acmeAdmin,
      json: { name: "Future course", scopes: ["all"], xapi_version: "3.0" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fieldErrors.xapi_version).toEqual(["Choose 2.0.0 or 1.0.3"]);
  });

  it("a client's scopes limit it: statements/read/mine reads only its own statements, cannot write documents", async () => {
    const writer = await createClient(acme, acmeAdmin, ["statements/write", "statements/read/mine"], "Writer");
    const verb = `http://example.test/verbs/${randomUUID()}`;
    const mine = await xapi(acme, writer, "statements", { json: statement("mine", verb) });
    await xapi(acme, acmeClient, "statements", { json: statement("theirs", verb) });
    const read = await xapi(acme, writer, `statements?verb=${encodeURIComponent(verb)}`);
    expect(read.json.statements.map((s: { id: string }) => s.id)).toEqual(mine.json);
    const state = await xapi(acme, writer, `activities/state?${documentParams("s")}`, {
      method: "PUT",
      json: { a: 1 },
    });
    expect(state.status).toBe(403);
  });
});

describe("statements", () => {
  it("stores, returns and filters statements; voided ones leave the queries", async () => {
    const verb = `http://example.test/verbs/${randomUUID()}`;
    const registration = randomUUID();
    const first = {
      ...statement("bea", verb),
      context: { registration, contextActivities: { parent: { id: "http://example.test/course" } } },
    };
    const posted = await xapi(acme, acmeClient, "statements", { json: [first, statement("cal", verb)] });
    expect(posted.status, posted.text).toBe(200);
    const [beaId, calId] = posted.json as string[];

    const one = await xapi(acme, acmeClient, `statements?statementId=${beaId}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      id: beaId,
      actor: actor("bea"),
      version: "2.0.0",
      // Context activities come back as lists, the authority is the client.
      context: { registration, contextActivities: { parent: [{ id: "http://example.test/course" }] } },
      authority: { objectType: "Agent", account: { name: acmeClient.key } },
    });
    expect(one.headers["x-experience-api-consistent-through"]).toBeTruthy();

    const byVerb = await xapi(acme, acmeClient, `statements?verb=${encodeURIComponent(verb)}`);
    expect(byVerb.json.statements.map((s: { id: string }) => s.id)).toEqual([calId, beaId]);
    const byAgent = await xapi(
      acme,
      acmeClient,
      `statements?verb=${encodeURIComponent(verb)}&agent=${encodeURIComponent(JSON.stringify(actor("bea")))}`,
    );
    expect(byAgent.json.statements.map((s: { id: string }) => s.id)).toEqual([beaId]);
    const byRegistration = await xapi(acme, acmeClient, `statements?registration=${registration}`);
    expect(byRegistration.json.statements.map((s: { id: string }) => s.id)).toEqual([beaId]);
    const related = await xapi(
      acme,
      acmeClient,
      `statements?verb=${encodeURIComponent(verb)}&activity=${encodeURIComponent("http://example.test/course")}&related_activities=true`,
    );
    expect(related.json.statements.map((s: { id: string }) => s.id)).toEqual([beaId]);

    // Paging: one per page, the `more` link leads to the next.
    const page1 = await xapi(acme, acmeClient, `statements?verb=${encodeURIComponent(verb)}&limit=1&ascending=true`);
    expect(page1.json.statements.map((s: { id: string }) => s.id)).toEqual([beaId]);
    expect(page1.json.more).toMatch(/^\/xapi\/statements\?more=/);
    const page2 = await xapi(acme, acmeClient, page1.json.more.slice("/xapi/".length));
    expect(page2.json.statements.map((s: { id: string }) => s.id)).toEqual([calId]);

    const voiding = await xapi(acme, acmeClient, "statements", {
      json: {
        actor: actor("admin"),
        verb: { id: "http://adlnet.gov/expapi/verbs/voided" },
        object: { objectType: "StatementRef", id: beaId },
      },
    });
    expect(voiding.status, voiding.text).toBe(200);
    expect((await xapi(acme, acmeClient, `statements?statementId=${beaId}`)).status).toBe(404);
    expect((await xapi(acme, acmeClient, `statements?voidedStatementId=${beaId}`)).json.id).toBe(beaId);
    // The voided statement leaves the query; the voiding statement, which refers to a match, joins it.
    const after = await xapi(acme, acmeClient, `statements?verb=${encodeURIComponent(verb)}`);
    expect(after.json.statements.map((s: { id: string }) => s.id)).toEqual([voiding.json[0], calId]);
  });

  it("the agent filter finds a Group's member and an Agent object; since keeps what refers to an earlier match", async () => {
    const verb = `http://example.test/verbs/${randomUUID()}`;
    const group = {
      objectType: "Group",
      name: "Team",
      mbox: "mailto:team@example.test",
      member: [actor("hal"), actor("ivy")],
    };
    const early = await xapi(acme, acmeClient, "statements", {
      json: [
        { ...statement("hal", verb), actor: group },
        { ...statement("jon", verb), object: actor("ivy") },
        statement("kim", verb),
      ],
    });
    expect(early.status, early.text).toBe(200);
    const [groupId, objectId, kimId] = early.json as string[];
    const ids = async (query: string) =>
      (
        (await xapi(acme, acmeClient, `statements?verb=${encodeURIComponent(verb)}&${query}`)).json.statements as {
          id: string;
        }[]
      ).map((s) => s.id);
    const agent = (a: unknown) => `agent=${encodeURIComponent(JSON.stringify(a))}`;
    expect(await ids(agent(group))).toEqual([groupId]);
    expect(await ids(agent(actor("hal")))).toEqual([groupId]);
    expect(await ids(agent(actor("ivy")))).toEqual([objectId, groupId]);
    expect(await ids(agent(actor("jon")))).toEqual([objectId]);

    // Stored since `since`: kim's later statement, and the one that refers to her earlier statement (not that one).
    const since = new Date(Date.now() + 5).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = await xapi(acme, acmeClient, "statements", {
      json: [
        statement("kim", verb),
        {
          actor: actor("lea"),
          verb: { id: "http://example.test/verbs/liked" },
          object: { objectType: "StatementRef", id: kimId },
        },
      ],
    });
    expect(later.status, later.text).toBe(200);
    const [kimLater, refersToKim] = later.json as string[];
    expect(
      (
        await xapi(
          acme,
          acmeClient,
          `statements?${agent(actor("kim"))}&verb=${encodeURIComponent(verb)}&since=${since}`,
        )
      ).json.statements.map((s: { id: string }) => s.id),
    ).toEqual([refersToKim, kimLater]);
    expect(await ids(`${agent(actor("kim"))}`)).toEqual([refersToKim, kimLater, kimId]);

    // A batch that voids a statement of the same batch: the target is voided, the voiding one is not.
    const targetId = randomUUID();
    const batch = await xapi(acme, acmeClient, "statements", {
      json: [
        { ...statement("max", verb), id: targetId },
        {
          actor: actor("admin"),
          verb: { id: "http://adlnet.gov/expapi/verbs/voided" },
          object: { objectType: "StatementRef", id: targetId },
        },
      ],
    });
    expect(batch.status, batch.text).toBe(200);
    expect((await xapi(acme, acmeClient, `statements?statementId=${targetId}`)).status).toBe(404);
    expect((await xapi(acme, acmeClient, `statements?voidedStatementId=${targetId}`)).json.id).toBe(targetId);
    expect(await ids(agent(actor("max")))).toEqual([(batch.json as string[])[1]]);
  });

  it("the same id again: the same statement is accepted, a different one is a 409; invalid ones are a 400", async () => {
    const id = randomUUID();
    const put = await xapi(acme, acmeClient, `statements?statementId=${id}`, { method: "PUT", json: statement("dan") });
    expect(put.status, put.text).toBe(204);
    expect(
      (await xapi(acme, acmeClient, `statements?statementId=${id}`, { method: "PUT", json: statement("dan") })).status,
    ).toBe(204);
    expect(
      (await xapi(acme, acmeClient, `statements?statementId=${id}`, { method: "PUT", json: statement("eve") })).status,
    ).toBe(409);
    const invalid = await xapi(acme, acmeClient, "statements", {
      json: { ...statement("fay"), verb: { id: "not an iri" } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("statement.verb.id");
    expect(
      (
        await xapi(acme, acmeClient, "statements", {
          json: statement("gus"),
          headers: { "x-experience-api-version": "" },
        })
      ).status,
    ).toBe(400);
  });

  it("attachments arrive and leave as multipart/mixed, their bytes in the object store", async () => {
    const content = Buffer.from("A certificate of completion");
    const sha2 = createHash("sha256").update(content).digest("hex");
    const withAttachment = {
      ...statement("hal"),
      attachments: [
        {
          usageType: "http://example.test/certificate",
          display: { en: "Certificate" },
          contentType: "text/plain",
          length: content.length,
          sha2,
        },
      ],
    };
    const boundary = "xapi-test-boundary";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(withAttachment)}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${sha2}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--`),
    ]);
    const posted = await xapi(acme, acmeClient, "statements", {
      body,
      headers: { "content-type": `multipart/mixed; boundary=${boundary}` },
    });
    expect(posted.status, posted.text).toBe(200);
    const stored = await testDb().xapiAttachment.findUniqueOrThrow({
      where: { organizationId_sha2: { organizationId: acme.id, sha2 } },
    });
    expect(stored).toMatchObject({ contentType: "text/plain", length: content.length });

    const got = await xapi(acme, acmeClient, `statements?statementId=${posted.json[0]}&attachments=true`);
    expect(got.status).toBe(200);
    expect(got.headers["content-type"]).toMatch(/^multipart\/mixed; boundary=/);
    expect(got.text).toContain(`X-Experience-API-Hash: ${sha2}`);
    expect(got.text).toContain(content.toString());

    const missingPart = await xapi(acme, acmeClient, "statements", { json: withAttachment });
    expect(missingPart.status).toBe(400);
  });
});

const documentParams = (stateId: string) =>
  new URLSearchParams({
    activityId: "http://example.test/course/1",
    agent: JSON.stringify(actor("ida")),
    stateId,
  }).toString();

describe("documents", () => {
  it("a state document: ETag, If-Match (412 when stale), If-None-Match, 409 without a precondition, POST merges JSON", async () => {
    const path = `activities/state?${documentParams(`bookmark-${randomUUID()}`)}`;
    expect((await xapi(acme, acmeClient, path, { method: "PUT", json: { page: 1 } })).status).toBe(204);
    const first = await xapi(acme, acmeClient, path);
    expect(first.json).toEqual({ page: 1 });
    const etag = first.headers.etag as string;
    expect(etag).toBe(
      `"${createHash("sha1")
        .update(JSON.stringify({ page: 1 }))
        .digest("hex")}"`,
    );

    expect((await xapi(acme, acmeClient, path, { method: "PUT", json: { page: 2 } })).status).toBe(409);
    expect(
      (await xapi(acme, acmeClient, path, { method: "PUT", json: { page: 2 }, headers: { "if-none-match": "*" } }))
        .status,
    ).toBe(412);
    expect(
      (await xapi(acme, acmeClient, path, { method: "PUT", json: { page: 2 }, headers: { "if-match": '"stale"' } }))
        .status,
    ).toBe(412);
    expect(
      (await xapi(acme, acmeClient, path, { method: "PUT", json: { page: 2 }, headers: { "if-match": etag } })).status,
    ).toBe(204);
    expect((await xapi(acme, acmeClient, path, { method: "POST", json: { score: 9 } })).status).toBe(204);
    expect((await xapi(acme, acmeClient, path)).json).toEqual({ page: 2, score: 9 });

    expect((await xapi(acme, acmeClient, path, { method: "DELETE" })).status).toBe(204);
    expect((await xapi(acme, acmeClient, path)).status).toBe(404);
  });
});

describe("tenancy", () => {
  it("a client of one organization is a 401 on another's host, and statements never cross", async () => {
    const verb = `http://example.test/verbs/${randomUUID()}`;
    const posted = await xapi(acme, acmeClient, "statements", { json: statement("jon", verb) });
    expect(posted.status).toBe(200);
    expect((await xapi(globex, acmeClient, "statements")).status).toBe(401);
    expect((await xapi(globex, globexClient, `statements?statementId=${posted.json[0]}`)).status).toBe(404);
    const globexQuery = await xapi(globex, globexClient, `statements?verb=${encodeURIComponent(verb)}`);
    expect(globexQuery.json.statements).toEqual([]);
    // The same statement id in another organization is its own statement.
    const again = await xapi(globex, globexClient, `statements?statementId=${posted.json[0]}`, {
      method: "PUT",
      json: statement("kim", verb),
    });
    expect(again.status).toBe(204);
  });

  it("the apex has no LRS, and CORS lets content on other origins call it without cookies", async () => {
    const apex = await xapi({ ...acme, subdomain: null as unknown as string }, acmeClient, "statements");
    expect(apex.status).toBe(404);
    const preflight = await call(acme.subdomain, "/xapi/statements", {
      method: "OPTIONS",
      headers: { origin: "https://content.example.test" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-headers"]).toContain("Authorization");
    expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();
  });
});
