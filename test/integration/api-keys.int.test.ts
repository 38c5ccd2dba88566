import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApiKey } from "@/test/api-keys";
import { createTenant, createUser, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { signIn } from "@/test/session";

// API keys: an organization's admin makes them (System Settings → API keys, or the API); a key is a bearer
// credential for its own organization's /api routes, holds only its scopes (never more than its creator),
// is named by the audit log, rate-limited per key, and refused on the next request once revoked.

let acme: TestTenant;
let globex: TestTenant;
let acmeAdmin: string;
let globexAdmin: string;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  [acmeAdmin, globexAdmin] = await Promise.all([
    signIn(acme.subdomain, acme.users.admin),
    signIn(globex.subdomain, globex.users.admin),
  ]);
});
afterAll(() => testDb().$disconnect());

const listKeys = async (tenant: TestTenant, token: string) => {
  const res = await call(tenant.subdomain, "/api/admin/api-keys", { bearer: token });
  expect(res.status, res.text).toBe(200);
  return res.json;
};

describe("the key's life", () => {
  it("create → use → the list shows its last use → revoke → 401 on the next request", async () => {
    const created = await call(acme.subdomain, "/api/admin/api-keys", {
      bearer: acmeAdmin,
      json: { name: "HR sync", scopes: ["users:manage"] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.secret).toMatch(/^lmsk_[A-Za-z0-9_-]{43}$/);
    expect(created.json).toMatchObject({
      name: "HR sync",
      scopes: ["users:manage"],
      status: "active",
      hint: created.json.secret.slice(0, 9),
      last_used_at: null,
      expires_at: null,
      revoked_at: null,
      created_by: { id: acme.users.admin.id, name: `Admin Tester` },
    });
    expect(created.headers["cache-control"]).toBe("no-store");
    const secret: string = created.json.secret;

    // Only the hash is stored; the list never shows the secret.
    const row = await testDb().apiKey.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(row.secretHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret.slice(9));

    const users = await call(acme.subdomain, "/api/admin/users?page_size=100", { bearer: secret });
    expect(users.status, users.text).toBe(200);
    expect(users.json.items.map((u: { email: string }) => u.email)).toContain(acme.users.learner.email);

    const listed = await listKeys(acme, acmeAdmin);
    const mine = listed.items.find((k: { id: string }) => k.id === created.json.id);
    expect(mine.last_used_at).not.toBeNull();
    expect(Date.now() - Date.parse(mine.last_used_at)).toBeLessThan(60_000);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const revoked = await call(acme.subdomain, `/api/admin/api-keys/${created.json.id}`, {
      method: "DELETE",
      bearer: acmeAdmin,
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.status).toBe("revoked");
    const after = await call(acme.subdomain, "/api/admin/users", { bearer: secret });
    expect(after.status).toBe(401);
  });

  it("last use moves on at most once a minute", async () => {
    const key = await createTestApiKey(acme.subdomain, acmeAdmin, ["users:manage"]);
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(200);
    const first = await testDb().apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(200);
    const second = await testDb().apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
  });

  it("an expiry in the past is a 400; a key past its expiry is refused (401) and listed as expired", async () => {
    const past = await call(acme.subdomain, "/api/admin/api-keys", {
      bearer: acmeAdmin,
      json: { name: "old", scopes: ["users:manage"], expires_at: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.json.error.fieldErrors.expires_at).toEqual(["The expiry must lie in the future"]);

    const key = await createTestApiKey(acme.subdomain, acmeAdmin, ["users:manage"], {
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(200);
    // The hour passes.
    await testDb().apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(401);
    const listed = await listKeys(acme, acmeAdmin);
    expect(listed.items.find((k: { id: string }) => k.id === key.id).status).toBe("expired");
  });

  it("a key whose creator is deactivated stops working", async () => {
    const admin = await createUser(acme.id, "admin");
    const key = await createTestApiKey(acme.subdomain, await signIn(acme.subdomain, admin), ["users:manage"]);
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(200);
    await testDb().user.update({ where: { id: admin.id }, data: { status: "suspended" } });
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(401);
  });
});

describe("scopes", () => {
  it("a key does what its scopes allow and nothing else (403)", async () => {
    const key = await createTestApiKey(acme.subdomain, acmeAdmin, ["categories:manage"]);
    const made = await call(acme.subdomain, "/api/categories", { bearer: key.secret, json: { name: `cat ${key.id}` } });
    expect(made.status, made.text).toBe(201);
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(403);
    expect((await call(acme.subdomain, "/api/admin/audit-log", { bearer: key.secret })).status).toBe(403);
    expect((await call(acme.subdomain, "/api/admin/identity-providers", { bearer: key.secret })).status).toBe(403);
  });

  it("a key never holds more than its creator: a scope no key may hold is a 400, and a demoted creator's key loses what they lost", async () => {
    const platform = await call(acme.subdomain, "/api/admin/api-keys", {
      bearer: acmeAdmin,
      json: { name: "too much", scopes: ["organizations:manage:all"] },
    });
    expect(platform.status).toBe(400);
    expect(platform.json.error.fieldErrors["scopes.0"] ?? platform.json.error.fieldErrors.scopes).toBeDefined();
    const keys = await call(acme.subdomain, "/api/admin/api-keys", {
      bearer: acmeAdmin,
      json: { name: "keys", scopes: ["api-keys:manage"] },
    });
    expect(keys.status).toBe(400);

    const admin = await createUser(acme.id, "admin");
    const key = await createTestApiKey(acme.subdomain, await signIn(acme.subdomain, admin), [
      "users:manage",
      "categories:manage",
    ]);
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(200);
    // Demoted to instructor: users:manage is no longer theirs, so no longer the key's either.
    await testDb().user.update({ where: { id: admin.id }, data: { role: "instructor" } });
    expect((await call(acme.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(403);
  });

  it("the list offers the scopes the caller may give, without personal, page, platform, import or key permissions", async () => {
    const listed = await listKeys(acme, acmeAdmin);
    expect(listed.grantable_scopes).toEqual([
      "courses:read:published",
      "courses:create",
      "courses:update:own",
      "courses:update:any",
      "enrollments:manage",
      "reports:read",
      "reports:read:any",
      "groups:manage",
      "groups:manage:any",
      "events:manage",
      "events:manage:any",
      "users:manage",
      "users:manage:admins",
      "categories:manage",
      "organization:read:overview",
      "settings:read:teaching",
      "audit:read",
      "organization:update:own",
      "settings:manage",
      "certificates:manage",
      "certificates:revoke",
      "questions:manage",
      "questions:manage:any",
    ]);
  });

  it("a key cannot manage keys, whatever it holds (403), and only admins can (org_admin: 403)", async () => {
    const key = await createTestApiKey(acme.subdomain, acmeAdmin, ["settings:manage", "users:manage:admins"]);
    const made = await call(acme.subdomain, "/api/admin/api-keys", {
      bearer: key.secret,
      json: { name: "child", scopes: ["users:manage"] },
    });
    expect(made.status).toBe(403);
    expect((await call(acme.subdomain, "/api/admin/api-keys", { bearer: key.secret })).status).toBe(403);
    const orgAdmin = await signIn(acme.subdomain, acme.users.org_admin);
    const byOrgAdmin = await call(acme.subdomain, "/api/admin/api-keys", {
      bearer: orgAdmin,
      json: { name: "x", scopes: ["users:manage"] },
    });
    expect(byOrgAdmin.status).toBe(403);
  });
});

describe("where a key counts", () => {
  it("only on its own organization's host (another's: 401; the apex: 401) and only on /api (the account routes: 401)", async () => {
    const key = await createTestApiKey(acme.subdomain, acmeAdmin, ["users:manage"]);
    expect((await call(globex.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(401);
    expect((await call(null, "/api/admin/users", { bearer: key.secret })).status).toBe(401);
    expect((await call(acme.subdomain, "/auth/profile", { bearer: key.secret })).status).toBe(401);
    // A page does not take it either: it sends to the sign-in.
    const page = await call(acme.subdomain, "/admin/users", { bearer: key.secret });
    expect([307, 308]).toContain(page.status);
    expect(String(page.headers.location)).toContain("/login");
  });

  it("another organization's key id is a 404 to revoke", async () => {
    const key = await createTestApiKey(globex.subdomain, globexAdmin, ["users:manage"]);
    const res = await call(acme.subdomain, `/api/admin/api-keys/${key.id}`, { method: "DELETE", bearer: acmeAdmin });
    expect(res.status).toBe(404);
    expect((await call(globex.subdomain, "/api/admin/users", { bearer: key.secret })).status).toBe(200);
  });

  it("a malformed or unknown lmsk_ secret is no credential (401)", async () => {
    for (const secret of ["lmsk_", "lmsk_short", `lmsk_${"A".repeat(43)}`])
      expect((await call(acme.subdomain, "/api/admin/users", { bearer: secret })).status).toBe(401);
  });
});

describe("audit", () => {
  it("what a key does is logged as the key, not as a person", async () => {
    const key = await createTestApiKey(acme.subdomain, acmeAdmin, ["categories:manage"], { name: "Catalog sync" });
    const made = await call(acme.subdomain, "/api/categories", {
      bearer: key.secret,
      json: { name: `by key ${key.id}` },
    });
    expect(made.status, made.text).toBe(201);
    const log = await call(acme.subdomain, `/api/admin/audit-log?action=category.create&page_size=100`, {
      bearer: acmeAdmin,
    });
    expect(log.status).toBe(200);
    const entry = log.json.items.find((e: { target_id: string }) => e.target_id === made.json.id);
    expect(entry.actor).toEqual({ id: key.id, name: "API key 'Catalog sync'", email: null });

    const created = await call(acme.subdomain, `/api/admin/audit-log?action=api_key.create&page_size=100`, {
      bearer: acmeAdmin,
    });
    const creation = created.json.items.find((e: { target_id: string }) => e.target_id === key.id);
    expect(creation).toMatchObject({
      action_label: "Created an API key",
      target_type: "api_key",
      details: { name: "Catalog sync", scopes: ["categories:manage"], expires_at: null },
    });
    expect(creation.actor.email).toBe(acme.users.admin.email);
  });
});

describe("rate limit", () => {
  it("past 600 requests a minute a key gets 429 with Retry-After; another key of the organization does not", async () => {
    const [busy, calm] = await Promise.all([
      createTestApiKey(acme.subdomain, acmeAdmin, ["settings:read:teaching"]),
      createTestApiKey(acme.subdomain, acmeAdmin, ["settings:read:teaching"]),
    ]);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let batch = 0; batch < 13; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => call(acme.subdomain, "/api/admin/settings", { bearer: busy.secret })),
      );
      for (const res of answers) {
        statuses.push(res.status);
        if (res.status === 429) retryAfter = String(res.headers["retry-after"]);
      }
    }
    expect(statuses.filter((s) => s === 200).length).toBe(600);
    expect(statuses.filter((s) => s === 429).length).toBe(50);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect((await call(acme.subdomain, "/api/admin/settings", { bearer: calm.secret })).status).toBe(200);
  }, 60_000);
});
