import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, TEST_PASSWORD, type TestTenant, type TestUser } from "@/test/factories";
import { cleanupExpiredRows } from "@/lib/server/maintenance/cleanup";
import { call, hostFor } from "@/test/http";

// Sessions end on the server, not only in the browser: a session is a row the caller lookup reads with
// every request, so once it is deleted (logout, a sign-out on My Profile or by an administrator, a
// password change, a deactivation) the very same cookie or bearer token is refused from the next request.

const COOKIE = "next-auth.session-token";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

/** A sign-in through the real endpoint from a device of its own: a session of its own. */
async function signInFrom(tenant: TestTenant, user: Pick<TestUser, "email" | "password">, userAgent = FIREFOX) {
  const res = await call(tenant.subdomain, "/auth/login", {
    json: { email: user.email, password: user.password },
    headers: { "user-agent": userAgent },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.token as string;
}

const profileWithBearer = (tenant: TestTenant, token: string) =>
  call(tenant.subdomain, "/auth/profile", { bearer: token });
const profileWithCookie = (tenant: TestTenant, token: string) =>
  call(tenant.subdomain, "/auth/profile", { headers: { cookie: `${COOKIE}=${token}` } });
const ownPage = (tenant: TestTenant) => ({ origin: `http://${hostFor(tenant.subdomain)}` });

describe("logout", () => {
  it("POST /auth/logout with the cookie → the same cookie is refused afterwards (401), on the API and on pages", async () => {
    const user = await createUser(acme.id, "learner");
    const token = await signInFrom(acme, user);
    expect((await profileWithCookie(acme, token)).status).toBe(200);

    const logout = await call(acme.subdomain, "/auth/logout", {
      method: "POST",
      headers: { cookie: `${COOKIE}=${token}`, ...ownPage(acme) },
    });
    expect(logout.status, logout.text).toBe(200);
    expect(logout.json.redirectTo).toBe("/login");

    expect((await profileWithCookie(acme, token)).status).toBe(401);
    const page = await call(acme.subdomain, "/dashboard", { headers: { cookie: `${COOKIE}=${token}` } });
    expect([307, 308]).toContain(page.status);
    expect(String(page.headers.location)).not.toContain("/dashboard");
  });

  it("POST /auth/logout with a bearer token → that token is refused afterwards, another session of the same person is not", async () => {
    const user = await createUser(acme.id, "learner");
    const [token, other] = [await signInFrom(acme, user), await signInFrom(acme, user, IPHONE)];
    const logout = await call(acme.subdomain, "/auth/logout", { method: "POST", bearer: token });
    expect(logout.status, logout.text).toBe(200);
    expect((await profileWithBearer(acme, token)).status).toBe(401);
    expect((await profileWithBearer(acme, other)).status).toBe(200);
  });
});

describe("a password change", () => {
  it("ends every other session; the one that changed it goes on with a renewed token", async () => {
    const user = await createUser(acme.id, "instructor");
    const mine = await signInFrom(acme, user);
    const elsewhere = await signInFrom(acme, user, IPHONE);
    const change = await call(acme.subdomain, "/auth/profile", {
      method: "PUT",
      bearer: mine,
      json: { current_password: TEST_PASSWORD, new_password: "A much newer passphrase 42!" },
    });
    expect(change.status, change.text).toBe(200);
    const renewed = change.json.token as string;

    expect((await profileWithBearer(acme, elsewhere)).status).toBe(401);
    expect((await profileWithBearer(acme, renewed)).status).toBe(200);
    const list = await call(acme.subdomain, "/auth/sessions", { bearer: renewed });
    expect(list.json.sessions).toHaveLength(1);
    expect(list.json.sessions[0].current).toBe(true);
  });
});

describe("an administrator", () => {
  it("deactivating someone ends all their sessions at once", async () => {
    const user = await createUser(acme.id, "learner");
    const tokens = [await signInFrom(acme, user), await signInFrom(acme, user, IPHONE)];
    const admin = await signInFrom(acme, acme.users.admin);
    const res = await call(acme.subdomain, `/api/admin/users/${user.id}`, {
      method: "PATCH",
      bearer: admin,
      json: { status: "suspended" },
    });
    expect(res.status, res.text).toBe(200);
    for (const token of tokens) expect((await profileWithBearer(acme, token)).status).toBe(401);
    expect(await testDb().session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("DELETE /api/admin/users/:id/sessions signs the person out everywhere, audited with the address", async () => {
    const user = await createUser(acme.id, "learner");
    const tokens = [await signInFrom(acme, user), await signInFrom(acme, user, IPHONE)];
    const admin = await signInFrom(acme, acme.users.org_admin);
    const res = await call(acme.subdomain, `/api/admin/users/${user.id}/sessions`, {
      method: "DELETE",
      bearer: admin,
      ip: "10.20.30.40",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ ended: 2 });
    for (const token of tokens) expect((await profileWithBearer(acme, token)).status).toBe(401);
    const entry = await testDb().auditLog.findFirstOrThrow({
      where: { organizationId: acme.id, action: "user.sessions_end", entityId: user.id },
    });
    expect(entry).toMatchObject({ ip: "10.20.30.40", data: { count: 2 } });

    // The person can sign in again.
    expect((await profileWithBearer(acme, await signInFrom(acme, user))).status).toBe(200);
  });

  it("DELETE /api/admin/users/:id/sessions as a learner → 403; an org admin on an administrator → 403; another organization's admin → 404", async () => {
    const target = await createUser(acme.id, "admin");
    const kept = await signInFrom(acme, target);
    const learner = await signInFrom(acme, acme.users.learner);
    const orgAdmin = await signInFrom(acme, acme.users.org_admin);
    const foreignAdmin = await signInFrom(globex, globex.users.admin);
    const end = (subdomain: string, bearer: string) =>
      call(subdomain, `/api/admin/users/${target.id}/sessions`, { method: "DELETE", bearer });
    expect((await end(acme.subdomain, learner)).status).toBe(403);
    expect((await end(acme.subdomain, orgAdmin)).status).toBe(403);
    expect((await end(globex.subdomain, foreignAdmin)).status).toBe(404);
    expect((await profileWithBearer(acme, kept)).status).toBe(200);
  });
});

describe("My Profile's active sessions", () => {
  it("lists the person's sessions with device, place and last use, this one marked; signs out one, then all others", async () => {
    const user = await createUser(acme.id, "learner");
    const phone = await signInFrom(acme, user, IPHONE);
    const laptop = await signInFrom(acme, user, FIREFOX);
    const mine = await signInFrom(acme, user, FIREFOX);

    const list = await call(acme.subdomain, "/auth/sessions", { bearer: mine });
    expect(list.status, list.text).toBe(200);
    const sessions = list.json.sessions as { id: string; device: string; current: boolean; ip: string | null }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device).sort()).toEqual(["Firefox on Linux", "Firefox on Linux", "Safari on iPhone"]);
    expect(sessions.every((s) => typeof s.ip === "string" && s.ip.length > 0)).toBe(true);

    const phoneSession = sessions.find((s) => s.device === "Safari on iPhone")!;
    const one = await call(acme.subdomain, `/auth/sessions/${phoneSession.id}`, { method: "DELETE", bearer: mine });
    expect(one.status, one.text).toBe(200);
    expect(one.json).toEqual({ ended: 1, current: false });
    expect((await profileWithBearer(acme, phone)).status).toBe(401);
    expect((await profileWithBearer(acme, laptop)).status).toBe(200);

    const others = await call(acme.subdomain, "/auth/sessions", { method: "DELETE", bearer: mine });
    expect(others.json).toEqual({ ended: 1 });
    expect((await profileWithBearer(acme, laptop)).status).toBe(401);
    expect((await profileWithBearer(acme, mine)).status).toBe(200);
    const after = await call(acme.subdomain, "/auth/sessions", { bearer: mine });
    expect(after.json.sessions).toHaveLength(1);
  });

  it("signing out the current session from the list is a logout: its cookie is cleared and refused", async () => {
    const user = await createUser(acme.id, "learner");
    const token = await signInFrom(acme, user);
    const [current] = (await call(acme.subdomain, "/auth/sessions", { bearer: token })).json.sessions;
    const res = await call(acme.subdomain, `/auth/sessions/${current.id}`, {
      method: "DELETE",
      headers: { cookie: `${COOKIE}=${token}`, ...ownPage(acme) },
    });
    expect(res.status, res.text).toBe(200);
    expect([res.headers["set-cookie"]].flat().some((c) => c?.startsWith(`${COOKIE}=;`))).toBe(true);
    expect((await profileWithCookie(acme, token)).status).toBe(401);
  });

  it("nobody lists or ends another person's session: same organization or another, it is a 404 and the session lives", async () => {
    const owner = await createUser(acme.id, "learner");
    const ownerToken = await signInFrom(acme, owner);
    const [session] = (await call(acme.subdomain, "/auth/sessions", { bearer: ownerToken })).json.sessions;

    const neighbour = await signInFrom(acme, acme.users.admin);
    const neighbourList = await call(acme.subdomain, "/auth/sessions", { bearer: neighbour });
    expect(neighbourList.json.sessions.map((s: { id: string }) => s.id)).not.toContain(session.id);
    const byNeighbour = await call(acme.subdomain, `/auth/sessions/${session.id}`, {
      method: "DELETE",
      bearer: neighbour,
    });
    expect(byNeighbour.status).toBe(404);

    const foreigner = await signInFrom(globex, globex.users.admin);
    const byForeigner = await call(globex.subdomain, `/auth/sessions/${session.id}`, {
      method: "DELETE",
      bearer: foreigner,
    });
    expect(byForeigner.status).toBe(404);
    // A token of one organization is no session on another's host.
    expect((await call(acme.subdomain, "/auth/sessions", { bearer: foreigner })).status).toBe(401);

    expect((await profileWithBearer(acme, ownerToken)).status).toBe(200);
  });

  it("anonymous → 401", async () => {
    expect((await call(acme.subdomain, "/auth/sessions")).status).toBe(401);
    expect((await call(acme.subdomain, "/auth/sessions", { method: "DELETE", headers: ownPage(acme) })).status).toBe(
      401,
    );
  });
});

describe("the session's last use", () => {
  it("moves on when a request comes more than a minute after the last one, and not on every request", async () => {
    const user = await createUser(acme.id, "learner");
    const token = await signInFrom(acme, user);
    const [row] = await testDb().session.findMany({ where: { userId: user.id } });
    const stale = new Date(Date.now() - 5 * 60_000);
    await testDb().session.update({ where: { id: row!.id }, data: { lastUsedAt: stale } });

    expect((await profileWithBearer(acme, token)).status).toBe(200);
    const touched = await testDb().session.findUniqueOrThrow({ where: { id: row!.id } });
    expect(touched.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await profileWithBearer(acme, token)).status).toBe(200);
    const again = await testDb().session.findUniqueOrThrow({ where: { id: row!.id } });
    expect(again.lastUsedAt.getTime()).toBe(touched.lastUsedAt.getTime());
  });
});

describe("the daily cleanup", () => {
  it("deletes sessions past their tokens' expiry and keeps the live ones", async () => {
    const user = await createUser(acme.id, "learner");
    const hour = 3_600_000;
    const [over, live] = await Promise.all(
      [-hour, hour].map((offset) =>
        testDb().session.create({
          data: { organizationId: acme.id, userId: user.id, expiresAt: new Date(Date.now() + offset) },
        }),
      ),
    );
    await cleanupExpiredRows();
    const left = await testDb().session.findMany({ where: { userId: user.id }, select: { id: true } });
    expect(left.map((s) => s.id)).toEqual([live!.id]);
    expect(over).toBeDefined();
  });
});
