import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { appUrl, CookieJar, get, postForm, walk, type Hop } from "@/test/redirect-walk";
import {
  loginAnswerOf,
  startTestSamlIdp,
  type SamlIdpAccount,
  type SamlTampering,
  type TestSamlIdp,
} from "@/test/saml-idp";
import { callAs } from "@/test/session";

// Single sign-on through SAML 2.0, against a real IdP (samlify in IdP mode) started here: an admin adds
// it through the API with its metadata URL, the IdP trusts our SP metadata, people sign in from the
// organization's host and land signed in exactly as after a password sign-in. Every refusal comes back
// to the login page with its reason and creates nothing; single logout ends the session at the IdP too.

const SESSION_COOKIE = "next-auth.session-token";

let acme: TestTenant;
let globex: TestTenant;
let idp: TestSamlIdp;
let providerId: string;
let appHost: string;

const person = (overrides: Partial<SamlIdpAccount> = {}): SamlIdpAccount => {
  const name = uniqueName("s");
  return { nameID: `id-${name}`, email: `${name}@example.test`, firstName: "Grace", lastName: "Hopper", ...overrides };
};

const sessionCookieOf = (hop: Hop | undefined) =>
  hop?.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes("Max-Age=0"));

/** A browser signs in from acme's login page as `account`: to the IdP, its page posted back to our ACS. */
async function signInAs(account: SamlIdpAccount, tampering: SamlTampering | null = null) {
  idp.loginAs(account);
  idp.tamper(tampering);
  const jar = new CookieJar();
  const toIdp = await walk(appUrl(acme.subdomain, `/auth/sso/${providerId}`), jar);
  const page = toIdp.at(-1)!;
  expect(page.status, page.text).toBe(200);
  const answer = loginAnswerOf(page.text);
  const back = await postForm(answer.acsUrl, jar, { SAMLResponse: answer.samlResponse }, page.url);
  return { toIdp, back, jar, answer, page, acs: back[0]!, last: back.at(-1)! };
}

const adminCall = (path: string, init: Parameters<typeof callAs>[3] = {}) =>
  callAs(acme.subdomain, acme.users.admin, path, init);

const samlBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Acme SAML",
  enabled: true,
  jitEnabled: true,
  protocol: "saml",
  metadataUrl: idp.metadataUrl,
  metadataXml: "",
  emailClaim: "email",
  firstNameClaim: "firstName",
  lastNameClaim: "lastName",
  roleClaim: "groups",
  instructorValues: ["teachers"],
  orgAdminValues: ["lms-admins"],
  ...overrides,
});

beforeAll(async () => {
  [acme, globex, idp] = await Promise.all([createTenant(), createTenant(), startTestSamlIdp()]);
  const res = await adminCall("/api/admin/identity-providers", { method: "POST", json: samlBody() });
  expect(res.status, res.text).toBe(201);
  providerId = res.json.id;
  const metadata = await call(acme.subdomain, res.json.metadataPath);
  expect(metadata.status, metadata.text).toBe(200);
  idp.trustServiceProvider(metadata.text);
  appHost = new URL(appUrl(acme.subdomain, "/")).host;
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await testDb().$disconnect();
});

describe("setting up a SAML provider", () => {
  it("reads the IdP's metadata from its URL and answers the SP values to give the IdP, never the private key", async () => {
    const one = await adminCall(`/api/admin/identity-providers/${providerId}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      protocol: "saml",
      name: "Acme SAML",
      metadataUrl: idp.metadataUrl,
      idpEntityId: idp.entityId,
      idpSsoUrl: idp.metadataUrl.replace("/metadata", "/sso"),
      idpSloUrl: idp.metadataUrl.replace("/metadata", "/slo"),
      hasPrivateKey: true,
      metadataPath: `/auth/sso/${providerId}/metadata`,
      acsPath: `/auth/sso/${providerId}/acs`,
      sloPath: `/auth/sso/${providerId}/slo`,
    });
    expect(one.json.spCertificate).toMatch(/^-----BEGIN CERTIFICATE-----/);

    const metadata = await call(acme.subdomain, `/auth/sso/${providerId}/metadata`);
    expect(metadata.headers["content-type"]).toMatch(/^application\/samlmetadata\+xml/);
    const entityId = appUrl(acme.subdomain, `/auth/sso/${providerId}/metadata`);
    expect(metadata.text).toContain(`entityID="${entityId}"`);
    expect(metadata.text).toContain(`Location="${appUrl(acme.subdomain, `/auth/sso/${providerId}/acs`)}"`);
    expect(metadata.text).toContain(
      `Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${appUrl(acme.subdomain, `/auth/sso/${providerId}/slo`)}"`,
    );

    // The whole provider again (its metadata read again): the key pair stays.
    const put = await adminCall(`/api/admin/identity-providers/${providerId}`, { method: "PUT", json: samlBody() });
    expect(put.status, put.text).toBe(200);
    expect(put.json.spCertificate).toBe(one.json.spCertificate);

    const row = await testDb().identityProvider.findUniqueOrThrow({ where: { id: providerId } });
    expect(row.sealedSecret).toMatch(/^v1\./);
    const list = await adminCall("/api/admin/identity-providers");
    const audit = await testDb().auditLog.findMany({ where: { organizationId: acme.id, entityId: providerId } });
    expect(audit.map((a) => a.action).sort()).toEqual(["sso.provider.create", "sso.provider.update"]);
    for (const text of [list.text, one.text, put.text, metadata.text, JSON.stringify(audit)])
      expect(text).not.toMatch(/PRIVATE KEY/);
  });

  it("takes pasted metadata XML too, and refuses metadata that is not an IdP's, at its field", async () => {
    const pasted = await adminCall("/api/admin/identity-providers", {
      method: "POST",
      json: samlBody({ name: uniqueName("Pasted "), metadataUrl: "", metadataXml: idp.metadataXml, enabled: false }),
    });
    expect(pasted.status, pasted.text).toBe(201);
    expect(pasted.json.idpEntityId).toBe(idp.entityId);

    const notIdp = await adminCall("/api/admin/identity-providers", {
      method: "POST",
      json: samlBody({ name: uniqueName("Bad "), metadataUrl: "", metadataXml: "<EntityDescriptor/>" }),
    });
    expect(notIdp.status).toBe(400);
    expect(notIdp.json.error.fieldErrors).toEqual({
      metadataXml: ["This is not SAML IdP metadata (no IDPSSODescriptor)"],
    });

    const both = await adminCall("/api/admin/identity-providers", {
      method: "POST",
      json: samlBody({ name: uniqueName("Both "), metadataXml: idp.metadataXml }),
    });
    expect(both.status).toBe(400);
    expect(both.json.error.fieldErrors).toEqual({
      metadataUrl: ["Give the IdP metadata URL or its XML (one of the two)"],
    });

    const inside = await adminCall("/api/admin/identity-providers", {
      method: "POST",
      json: samlBody({ name: uniqueName("Inside "), metadataUrl: "http://127.0.0.1:5432/metadata" }),
    });
    expect(inside.status).toBe(400);
    expect(inside.json.error.fieldErrors).toEqual({
      metadataUrl: ["This address is not allowed for an outgoing connection"],
    });
  });
});

describe("signing in through SAML", () => {
  it("a learner with an account signs in through the IdP and lands on the dashboard", async () => {
    const learner = acme.users.learner;
    const { toIdp, acs, last, jar } = await signInAs(person({ email: learner.email }));
    expect(toIdp[0]!.status).toBe(303);
    const authn = new URL(toIdp[0]!.location!);
    expect(authn.origin + authn.pathname).toBe(idp.metadataUrl.replace("/metadata", "/sso"));
    // The request is signed (the IdP checked it against our SP metadata's certificate).
    expect(authn.searchParams.get("Signature")).toBeTruthy();

    expect(acs.status).toBe(303);
    expect(sessionCookieOf(acs)).toMatch(/HttpOnly/i);
    expect(sessionCookieOf(acs)).not.toMatch(/Domain=/i);
    expect(last.url).toBe(appUrl(acme.subdomain, "/dashboard"));
    expect(last.status).toBe(200);

    const token = jar.get(appHost, SESSION_COOKIE)!;
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
    expect(linked?.data).toMatchObject({ provider: "Acme SAML", email: learner.email });
  });

  it("a new person gets an account just in time, with the names and the mapped role (never more than org_admin)", async () => {
    const teacher = person({ firstName: "Ada", lastName: "Lovelace", groups: ["teachers"] });
    expect((await signInAs(teacher)).last.status).toBe(200);
    const created = await testDb().user.findFirstOrThrow({ where: { organizationId: acme.id, email: teacher.email } });
    expect(created).toMatchObject({ role: "instructor", firstName: "Ada", lastName: "Lovelace", status: "active" });

    const boss = person({ groups: ["lms-admins", "admin", "superadmin"] });
    await signInAs(boss);
    const bossUser = await testDb().user.findFirstOrThrow({ where: { organizationId: acme.id, email: boss.email } });
    expect(bossUser.role).toBe("org_admin");
    expect(
      await testDb().userIdentity.findMany({ where: { providerId, subject: boss.nameID }, select: { userId: true } }),
    ).toEqual([{ userId: bossUser.id }]);
  });
});

describe("SAML refusals: back to the login page with the reason, nothing created", () => {
  const refusedWith = (hops: Hop[], reason: string) => {
    const refusal = hops.find((h) => h.location?.includes("/login?sso_error="));
    expect(refusal?.location).toBe(appUrl(acme.subdomain, `/login?sso_error=${reason}`));
    expect(hops.some((h) => sessionCookieOf(h))).toBe(false);
  };
  const nobodyCalled = async (account: SamlIdpAccount) =>
    expect(await testDb().user.count({ where: { email: { in: [account.email, "intruder@example.test"] } } })).toBe(0);

  for (const [mode, label, reason] of [
    ["signature", "an assertion altered after it was signed", "invalid"],
    ["expired", "an expired assertion", "invalid"],
    ["audience", "an assertion for another service provider", "invalid"],
    ["unsolicited", "an answer to a request this site never sent", "unsolicited"],
  ] as const) {
    it(`${label} is refused`, async () => {
      const stranger = person();
      const { back } = await signInAs(stranger, mode);
      refusedWith(back, reason);
      await nobodyCalled(stranger);
    });
  }

  it("the login page says why", async () => {
    const page = await call(acme.subdomain, "/login?sso_error=unsolicited");
    expect(page.text).toContain("does not match a sign-in started here");
  });

  it("an answer is good once: replayed later, or posted twice at the same time, it signs in one browser only", async () => {
    const first = person();
    const { answer, page, acs } = await signInAs(first);
    expect(sessionCookieOf(acs)).toBeTruthy();
    refusedWith(
      await postForm(answer.acsUrl, new CookieJar(), { SAMLResponse: answer.samlResponse }, page.url),
      "unsolicited",
    );

    // Even with its request still pending (as if the cache had not yet heard it was answered), the same
    // assertion is refused: the replay table of assertion ids has it.
    const xml = Buffer.from(answer.samlResponse, "base64").toString("utf8");
    const requestId = /InResponseTo="([^"]+)"/.exec(xml)![1]!;
    await testDb().samlRequest.create({
      data: {
        organizationId: acme.id,
        providerId,
        id: requestId,
        returnTo: "/dashboard",
        expiresAt: new Date(Date.now() + 600_000),
      },
    });
    refusedWith(
      await postForm(answer.acsUrl, new CookieJar(), { SAMLResponse: answer.samlResponse }, page.url),
      "expired",
    );

    // Two app nodes receiving the same answer at once: one browser signed in.
    idp.loginAs(person());
    const started = await walk(appUrl(acme.subdomain, `/auth/sso/${providerId}`), new CookieJar());
    const twice = loginAnswerOf(started.at(-1)!.text);
    const both = await Promise.all(
      [0, 1].map(() => postForm(twice.acsUrl, new CookieJar(), { SAMLResponse: twice.samlResponse }, page.url)),
    );
    expect(both.filter((hops) => sessionCookieOf(hops[0])).length).toBe(1);
  });

  it("organization A's provider on B's host is unknown there", async () => {
    for (const path of [`/auth/sso/${providerId}`, `/auth/sso/${providerId}/metadata`, `/auth/sso/${providerId}/slo`]) {
      const res = await call(globex.subdomain, path);
      expect(res.status, path).toBe(404);
      expect(res.json.error.message).toBe("This sign-in option does not exist here");
    }
    const acs = await call(globex.subdomain, `/auth/sso/${providerId}/acs`, {
      method: "POST",
      body: "SAMLResponse=PHNhbWxwOlJlc3BvbnNlLz4%3D",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(acs.status).toBe(404);
  });
});

describe("single logout through SAML", () => {
  it("logging out ends our session, then the IdP's, and comes back to the login page", async () => {
    const account = person();
    const { jar } = await signInAs(account);
    const token = jar.get(appHost, SESSION_COOKIE)!;
    const logout = await call(acme.subdomain, "/auth/logout", {
      method: "POST",
      headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: `http://${appHost}` },
    });
    expect(logout.status, logout.text).toBe(200);
    const cleared = [logout.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${SESSION_COOKIE}=;`));
    expect(cleared).toMatch(/Max-Age=0/);
    const toIdp = new URL(logout.json.redirectTo);
    expect(toIdp.origin + toIdp.pathname).toBe(idp.metadataUrl.replace("/metadata", "/slo"));
    expect(toIdp.searchParams.get("SAMLRequest")).toBeTruthy();
    const user = await testDb().user.findFirstOrThrow({ where: { organizationId: acme.id, email: account.email } });
    expect(await testDb().ssoSession.count({ where: { userId: user.id } })).toBe(0);

    const hops = await walk(logout.json.redirectTo, new CookieJar());
    expect(idp.logouts.at(-1)).toBe(account.nameID);
    expect(hops.map((h) => new URL(h.url).pathname)).toEqual(["/slo", `/auth/sso/${providerId}/slo`, "/login"]);
    expect(hops.at(-1)!.status).toBe(200);
  });
});

describe("a logout the IdP starts (SAML SLO, HTTP-Redirect)", () => {
  it("a signed LogoutRequest ends this browser's session and is answered; an unsigned one ends nothing", async () => {
    const account = person();
    const { jar } = await signInAs(account);
    const token = jar.get(appHost, SESSION_COOKIE)!;

    const unsigned = await get(idp.logoutRequestUrl(account.nameID, false), jar);
    expect(unsigned.status).toBe(303);
    expect(unsigned.location).toBe(appUrl(acme.subdomain, "/login"));
    expect(unsigned.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(jar.get(appHost, SESSION_COOKIE)).toBe(token);

    const before = idp.logoutResponses;
    const hops = await walk(idp.logoutRequestUrl(account.nameID, true), jar);
    expect(hops[0]!.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toMatch(/Max-Age=0/);
    expect(new URL(hops[0]!.location!).pathname).toBe("/slo");
    expect(new URL(hops[0]!.location!).searchParams.get("SAMLResponse")).toBeTruthy();
    expect(idp.logoutResponses).toBe(before + 1);
    expect(jar.get(appHost, SESSION_COOKIE)).toBeUndefined();
  });
});

describe("a logout the IdP starts (SAML SLO, HTTP-POST)", () => {
  it("a signed LogoutRequest posted from the IdP's page ends the person's session on the server, though no cookie came with it", async () => {
    const account = person();
    const { jar } = await signInAs(account);
    const token = jar.get(appHost, SESSION_COOKIE)!;
    const profile = () => call(acme.subdomain, "/auth/profile", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect((await profile()).status).toBe(200);

    // A browser sends no SameSite=Lax cookie with another site's form post: the post comes without any.
    const unsigned = idp.logoutRequestForm(account.nameID, false);
    const refused = await postForm(
      unsigned.url,
      new CookieJar(),
      { SAMLRequest: unsigned.SAMLRequest },
      idp.metadataUrl,
    );
    expect(refused[0]!.status).toBe(303);
    expect(refused[0]!.location).toBe(appUrl(acme.subdomain, "/login"));
    expect((await profile()).status).toBe(200);

    const signed = idp.logoutRequestForm(account.nameID, true);
    expect(new URL(signed.url).pathname).toBe(`/auth/sso/${providerId}/slo`);
    const before = idp.logoutResponses;
    const hops = await postForm(signed.url, new CookieJar(), { SAMLRequest: signed.SAMLRequest }, idp.metadataUrl);
    expect(hops[0]!.status, hops[0]!.text).toBe(303);
    expect(hops[0]!.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toMatch(/Max-Age=0/);
    expect(new URL(hops[0]!.location!).searchParams.get("SAMLResponse")).toBeTruthy();
    expect(idp.logoutResponses).toBe(before + 1);
    expect((await profile()).status).toBe(401);
  });

  it("the SP metadata offers the single logout service by HTTP-Redirect and by HTTP-POST", async () => {
    const metadata = await call(acme.subdomain, `/auth/sso/${providerId}/metadata`);
    const slo = appUrl(acme.subdomain, `/auth/sso/${providerId}/slo`);
    expect(metadata.text).toContain(`Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${slo}"`);
    expect(metadata.text).toContain(`Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${slo}"`);
  });
});

describe("SSO only, with a SAML provider", () => {
  it("refuses the password form to everyone but the break-glass accounts", async () => {
    const policy = (json: unknown) => adminCall("/api/admin/sign-in-policy", { method: "PUT", json });
    const login = (user: { email: string; password: string }) =>
      call(acme.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    expect((await policy({ ssoOnly: true, breakGlassUserIds: [acme.users.admin.id] })).status).toBe(200);
    try {
      const learner = await login(acme.users.learner);
      expect(learner.status).toBe(403);
      expect(learner.json.error.message).toBe(
        "This organization signs in with single sign-on: use the “Sign in with …” button on the login page.",
      );
      expect((await login(acme.users.admin)).status).toBe(200);
      // The learner still signs in, through the IdP.
      expect((await signInAs(person({ email: acme.users.learner.email }))).last.status).toBe(200);
    } finally {
      await policy({ ssoOnly: false, breakGlassUserIds: [] });
    }
  });
});
