import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call, testPort } from "@/test/http";
import { startTestIdp, type IdpAccount, type TestIdp } from "@/test/oidc-idp";
import { appUrl, CookieJar, walk, type Hop } from "@/test/redirect-walk";
import { callAs } from "@/test/session";
import { STANDARD_CLAIMS } from "@/test/oidc-claims";

// Single sign-on through OpenID Connect, against a real provider (oidc-provider) started here: an admin
// sets it up through the API, people sign in from the organization's host and land signed in exactly
// as after a password sign-in; every refusal comes back to the login page with its reason, and creates
// nothing.

const SECRET = `client-secret-${randomBytes(12).toString("hex")}`;
const SESSION_COOKIE = "next-auth.session-token";

let acme: TestTenant;
let globex: TestTenant;
let idp: TestIdp;
let providerId: string;

const person = (overrides: Partial<IdpAccount> = {}): IdpAccount => {
  const name = uniqueName("p");
  return {
    sub: `sub-${name}`,
    email: `${name}@example.test`,
    email_verified: true,
    given_name: "Grace",
    family_name: "Hopper",
    ...overrides,
  };
};

/** A browser signs in from acme's login page as `account`; every hop, and the browser's cookies. */
async function signInAs(account: IdpAccount, path = `/auth/sso/${providerId}`) {
  idp.loginAs(account);
  const jar = new CookieJar();
  const hops = await walk(appUrl(acme.subdomain, path), jar);
  const callback = hops.find((h) => h.url.includes("/callback"));
  return { hops, jar, callback, last: hops.at(-1)! };
}

const sessionCookieOf = (hop: Hop | undefined) =>
  hop?.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes("Max-Age=0"));

beforeAll(async () => {
  [acme, globex, idp] = await Promise.all([createTenant(), createTenant(), startTestIdp()]);
  const res = await callAs(acme.subdomain, acme.users.admin, "/api/admin/identity-providers", {
    method: "POST",
    json: {
      name: "Acme ID",
      enabled: true,
      jitEnabled: true,
      protocol: "oidc",
      issuer: idp.issuer,
      clientId: "lms-acme",
      clientSecret: SECRET,
      scopes: "openid email profile groups",
      emailClaim: "email",
      firstNameClaim: "given_name",
      lastNameClaim: "family_name",
      roleClaim: "groups",
      instructorValues: ["teachers"],
      orgAdminValues: ["lms-admins"],
    },
  });
  expect(res.status, res.text).toBe(201);
  providerId = res.json.id;
  idp.addClient({
    clientId: "lms-acme",
    clientSecret: SECRET,
    redirectUri: appUrl(acme.subdomain, res.json.redirectPath),
  });
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await testDb().$disconnect();
});

describe("setting up a provider", () => {
  it("answers the provider without its secret, which is stored sealed and kept when omitted", async () => {
    const list = await callAs(acme.subdomain, acme.users.admin, "/api/admin/identity-providers");
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([
      expect.objectContaining({
        id: providerId,
        name: "Acme ID",
        issuer: idp.issuer,
        clientId: "lms-acme",
        hasClientSecret: true,
        redirectPath: `/auth/sso/${providerId}/callback`,
      }),
    ]);
    const one = await callAs(acme.subdomain, acme.users.admin, `/api/admin/identity-providers/${providerId}`);
    const { id: _id, hasClientSecret: _h, redirectPath: _r, createdAt: _c, updatedAt: _u, ...fields } = one.json;
    const put = await callAs(acme.subdomain, acme.users.admin, `/api/admin/identity-providers/${providerId}`, {
      method: "PUT",
      json: fields,
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json.hasClientSecret).toBe(true);
    for (const answer of [list, one, put]) expect(answer.text).not.toContain(SECRET);

    const row = await testDb().identityProvider.findUniqueOrThrow({ where: { id: providerId } });
    expect(row.sealedSecret).toMatch(/^v1\./);
    expect(row.sealedSecret).not.toContain(SECRET);
    const audit = await testDb().auditLog.findMany({ where: { organizationId: acme.id, entityId: providerId } });
    expect(audit.map((a) => a.action).sort()).toEqual(["sso.provider.create", "sso.provider.update"]);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it("refuses an issuer on an address the egress guard forbids, at its field", async () => {
    const res = await callAs(acme.subdomain, acme.users.admin, "/api/admin/identity-providers", {
      method: "POST",
      json: {
        name: "Inside",
        enabled: true,
        jitEnabled: false,
        protocol: "oidc",
        issuer: "http://127.0.0.1:5432",
        clientId: "x",
        clientSecret: "y",
        scopes: "openid",
        ...STANDARD_CLAIMS,
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors).toEqual({ issuer: ["This address is not allowed for an outgoing connection"] });
  });

  it("is for the organization's admins only", async () => {
    const res = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/identity-providers");
    expect(res.status).toBe(403);
  });
});

describe("signing in", () => {
  it("the login page offers the organization's provider, and only on its own host", async () => {
    const own = await call(acme.subdomain, "/login");
    expect(own.text).toContain("Sign in with Acme ID");
    const other = await call(globex.subdomain, "/login");
    expect(other.status).toBe(200);
    expect(other.text).not.toContain("Sign in with");
  });

  it("a learner with an account signs in through the provider and lands on the dashboard", async () => {
    const learner = acme.users.learner;
    const { hops, callback, last, jar } = await signInAs(person({ email: learner.email }));
    expect(hops[0]!.status).toBe(303);
    expect(hops[0]!.location).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
    const authorize = new URL(hops[0]!.location!).searchParams;
    expect(authorize.get("code_challenge_method")).toBe("S256");
    expect(authorize.get("nonce")).toBeTruthy();
    expect(authorize.get("state")).toBeTruthy();

    expect(sessionCookieOf(callback)).toMatch(/HttpOnly/i);
    expect(sessionCookieOf(callback)).not.toMatch(/Domain=/i);
    expect(last.url).toBe(appUrl(acme.subdomain, "/dashboard"));
    expect(last.status).toBe(200);

    // The same session as a password sign-in's: the API knows the caller by it, on this host only.
    const token = jar.get(`${acme.subdomain}.localhost:${new URL(last.url).port}`, SESSION_COOKIE)!;
    const me = await call(acme.subdomain, "/auth/profile", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(learner.email);
    const elsewhere = await call(globex.subdomain, "/auth/profile", {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(elsewhere.status).toBe(401);

    const linked = await testDb().auditLog.findFirst({
      where: { organizationId: acme.id, action: "sso.account_linked", entityId: learner.id },
    });
    expect(linked?.data).toMatchObject({ provider: "Acme ID", email: learner.email });
  });

  it("a new person gets an account just in time, with the names and the mapped role (never more than org_admin)", async () => {
    const teacher = person({ given_name: "Ada", family_name: "Lovelace", groups: ["teachers"] });
    const { last } = await signInAs(teacher);
    expect(last.status).toBe(200);
    const created = await testDb().user.findFirstOrThrow({ where: { organizationId: acme.id, email: teacher.email } });
    expect(created).toMatchObject({ role: "instructor", firstName: "Ada", lastName: "Lovelace", status: "active" });

    const boss = person({ groups: ["lms-admins", "admin", "superadmin"] });
    await signInAs(boss);
    const bossUser = await testDb().user.findFirstOrThrow({ where: { organizationId: acme.id, email: boss.email } });
    expect(bossUser.role).toBe("org_admin");
    const audit = await testDb().auditLog.findFirst({
      where: { organizationId: acme.id, action: "sso.account_created", entityId: bossUser.id },
    });
    expect(audit?.data).toMatchObject({ provider: "Acme ID", role: "org_admin" });
  });

  it("signs the same subject in to the same account next time, even with another e-mail", async () => {
    const first = person();
    await signInAs(first);
    const user = await testDb().user.findFirstOrThrow({ where: { organizationId: acme.id, email: first.email } });
    const again = await signInAs({ ...first, email: `${uniqueName("changed")}@example.test` });
    expect(again.last.status).toBe(200);
    expect(await testDb().user.count({ where: { organizationId: acme.id, email: first.email } })).toBe(1);
    expect(
      await testDb().userIdentity.findMany({ where: { providerId, subject: first.sub }, select: { userId: true } }),
    ).toEqual([{ userId: user.id }]);
  });
});

describe("refusals: back to the login page with the reason, nothing created", () => {
  const refusedWith = (hops: Hop[], reason: string) => {
    const refusal = hops.find((h) => h.location?.includes("/login?sso_error="));
    expect(refusal?.location).toBe(appUrl(acme.subdomain, `/login?sso_error=${reason}`));
    expect(hops.some((h) => sessionCookieOf(h))).toBe(false);
  };

  it("an existing account is not linked through an e-mail the provider has not verified", async () => {
    const instructor = acme.users.instructor;
    const { hops } = await signInAs(person({ email: instructor.email, email_verified: false }));
    refusedWith(hops, "unverified_email");
    expect(await testDb().userIdentity.count({ where: { userId: instructor.id } })).toBe(0);
    const page = await call(acme.subdomain, "/login?sso_error=unverified_email");
    expect(page.text).toContain("Your identity provider has not verified your e-mail address");
  });

  it("a deactivated account stays out", async () => {
    const gone = await createUser(acme.id, "learner", { status: "suspended" });
    const { hops } = await signInAs(person({ email: gone.email }));
    refusedWith(hops, "deactivated");
  });

  for (const [mode, label] of [
    ["payload", "an ID token altered after signing"],
    ["expired", "an expired ID token"],
    ["audience", "an ID token for another client"],
  ] as const) {
    it(`${label} is refused`, async () => {
      const stranger = person();
      idp.tamper(mode);
      const { hops } = await signInAs(stranger);
      refusedWith(hops, "invalid");
      expect(await testDb().user.count({ where: { email: { in: [stranger.email, "intruder@example.test"] } } })).toBe(
        0,
      );
    });
  }

  it("a provider's answer is good once, and only in the browser that started the sign-in", async () => {
    const first = person();
    const { callback, jar } = await signInAs(first);
    expect(sessionCookieOf(callback)).toBeTruthy();
    // Replayed in the same browser (its state cookie is gone) and in another one given the same state.
    const replayed = await walk(callback!.url, jar);
    refusedWith(replayed, "expired");
    const state = new URL(callback!.url).searchParams.get("state")!;
    const other = new CookieJar();
    other.set(`${acme.subdomain}.localhost:${new URL(callback!.url).port}`, "lms-sso-state", state);
    refusedWith(await walk(callback!.url, other), "expired");

    const someoneElse = person();
    idp.loginAs(someoneElse);
    // Stopped just before the callback: the address handed to another browser.
    const started = await walk(appUrl(acme.subdomain, `/auth/sso/${providerId}`), new CookieJar(), (h) =>
      Boolean(h.location?.includes("/callback")),
    );
    refusedWith(await walk(started.at(-1)!.location!, new CookieJar()), "expired");
    expect(await testDb().user.count({ where: { email: someoneElse.email } })).toBe(0);
  });

  it("organization A's provider on B's host is unknown there", async () => {
    for (const path of [`/auth/sso/${providerId}`, `/auth/sso/${providerId}/callback?code=x&state=y`]) {
      const res = await call(globex.subdomain, path);
      expect(res.status, path).toBe(404);
      expect(res.json.error.message).toBe("This sign-in option does not exist here");
    }
  });

  it("a provider that is off does not sign anyone in", async () => {
    const one = await callAs(acme.subdomain, acme.users.admin, `/api/admin/identity-providers/${providerId}`);
    const { id: _id, hasClientSecret: _h, redirectPath: _r, createdAt: _c, updatedAt: _u, ...fields } = one.json;
    const off = await callAs(acme.subdomain, acme.users.admin, `/api/admin/identity-providers/${providerId}`, {
      method: "PUT",
      json: { ...fields, enabled: false },
    });
    expect(off.status).toBe(200);
    try {
      expect((await call(acme.subdomain, `/auth/sso/${providerId}`)).status).toBe(404);
      expect((await call(acme.subdomain, "/login")).text).not.toContain("Sign in with Acme ID");
    } finally {
      await callAs(acme.subdomain, acme.users.admin, `/api/admin/identity-providers/${providerId}`, {
        method: "PUT",
        json: { ...fields, enabled: true },
      });
    }
  });
});

describe("single logout through OpenID Connect", () => {
  const logoutWith = (token: string) =>
    call(acme.subdomain, "/auth/logout", {
      method: "POST",
      headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: `http://${acme.subdomain}.localhost:${testPort()}` },
    });
  const clearsSession = (res: Awaited<ReturnType<typeof call>>) =>
    expect([res.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${SESSION_COOKIE}=;`))).toMatch(/Max-Age=0/);

  it("logging out ends our session, and sends the browser to the provider's end_session_endpoint with the ID token", async () => {
    const account = person();
    const { jar, last } = await signInAs(account);
    const token = jar.get(new URL(last.url).host, SESSION_COOKIE)!;
    const res = await logoutWith(token);
    expect(res.status, res.text).toBe(200);
    clearsSession(res);
    const end = new URL(res.json.redirectTo);
    expect(end.origin + end.pathname).toBe(`${idp.issuer}/session/end`);
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe(appUrl(acme.subdomain, "/login"));
    expect(end.searchParams.get("id_token_hint")?.split(".")).toHaveLength(3);
    // The provider takes it: its page asks to confirm the logout.
    const atProvider = await walk(res.json.redirectTo, new CookieJar());
    expect(atProvider.at(-1)!.status).toBe(200);
    expect(atProvider.at(-1)!.text).toMatch(/logout/i);

    const user = await testDb().user.findFirstOrThrow({ where: { organizationId: acme.id, email: account.email } });
    expect(await testDb().ssoSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a provider that cannot be reached at logout still lets our logout end the session", async () => {
    const { jar, last } = await signInAs(person());
    const token = jar.get(new URL(last.url).host, SESSION_COOKIE)!;
    await testDb().identityProvider.update({
      where: { id: providerId },
      data: { config: { ...(await providerConfig()), issuer: "http://127.0.0.2:9" } },
    });
    try {
      const res = await logoutWith(token);
      expect(res.status).toBe(200);
      expect(res.json.redirectTo).toBe("/login");
      clearsSession(res);
    } finally {
      await testDb().identityProvider.update({
        where: { id: providerId },
        data: { config: { ...(await providerConfig()), issuer: idp.issuer } },
      });
    }
  });
});

async function providerConfig(): Promise<Record<string, unknown>> {
  const row = await testDb().identityProvider.findUniqueOrThrow({ where: { id: providerId } });
  return row.config as Record<string, unknown>;
}
