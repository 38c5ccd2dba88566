import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { STANDARD_CLAIMS } from "@/test/oidc-claims";
import { startTestSamlIdp, type TestSamlIdp } from "@/test/saml-idp";
import { callAs } from "@/test/session";

// A new provider's values for the IdP exist before it is saved: POST /api/admin/identity-providers/drafts
// reserves the id (and the SAML key pair) and stores nothing; the create that sends the draft back gets
// exactly them, once, in the organization the draft was made for.

let acme: TestTenant;
let globex: TestTenant;
let idp: TestSamlIdp;

const adminOf =
  (tenant: TestTenant) =>
  (path: string, init: Parameters<typeof callAs>[3] = {}) =>
    callAs(tenant.subdomain, tenant.users.admin, path, init);

const oidcBody = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName("IdP "),
  enabled: true,
  jitEnabled: false,
  protocol: "oidc",
  // A loopback address the test server allow-lists: saved without a name to look up.
  issuer: "http://127.0.0.2:9",
  clientId: "lms",
  clientSecret: "a-secret",
  scopes: "openid email profile",
  ...STANDARD_CLAIMS,
  ...overrides,
});

const samlBody = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName("SAML "),
  enabled: true,
  jitEnabled: false,
  protocol: "saml",
  metadataUrl: "",
  metadataXml: idp.metadataXml,
  emailClaim: "email",
  firstNameClaim: "firstName",
  lastNameClaim: "lastName",
  roleClaim: "",
  instructorValues: [],
  orgAdminValues: [],
  ...overrides,
});

async function draftOf(tenant: TestTenant, protocol: "oidc" | "saml") {
  const res = await adminOf(tenant)("/api/admin/identity-providers/drafts", { method: "POST", json: { protocol } });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

beforeAll(async () => {
  [acme, globex, idp] = await Promise.all([createTenant(), createTenant(), startTestSamlIdp()]);
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await testDb().$disconnect();
});

describe("POST /api/admin/identity-providers/drafts", () => {
  it("OpenID Connect: an id and its redirect path, nothing stored; the create with the draft gets that id", async () => {
    const draft = await draftOf(acme, "oidc");
    expect(Object.keys(draft).sort()).toEqual(["draft", "id", "protocol", "redirectPath"]);
    expect(draft.redirectPath).toBe(`/auth/sso/${draft.id}/callback`);
    expect(await testDb().identityProvider.count({ where: { id: draft.id } })).toBe(0);

    const res = await adminOf(acme)("/api/admin/identity-providers", {
      method: "POST",
      json: oidcBody({ draft: draft.draft }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.id).toBe(draft.id);
    expect(res.json.redirectPath).toBe(draft.redirectPath);
  });

  it("SAML: the paths, our certificate and metadata before saving are what the saved provider answers", async () => {
    const draft = await draftOf(acme, "saml");
    expect(draft.metadataPath).toBe(`/auth/sso/${draft.id}/metadata`);
    expect(draft.acsPath).toBe(`/auth/sso/${draft.id}/acs`);
    expect(draft.sloPath).toBe(`/auth/sso/${draft.id}/slo`);
    expect(draft.spCertificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(JSON.stringify(draft)).not.toContain("PRIVATE KEY");
    // The metadata URL answers only once saved: nothing is stored for a draft.
    expect((await call(acme.subdomain, draft.metadataPath)).status).toBe(404);

    const res = await adminOf(acme)("/api/admin/identity-providers", {
      method: "POST",
      json: samlBody({ draft: draft.draft }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      id: draft.id,
      metadataPath: draft.metadataPath,
      acsPath: draft.acsPath,
      sloPath: draft.sloPath,
      spCertificate: draft.spCertificate,
      hasPrivateKey: true,
    });
    const served = await call(acme.subdomain, draft.metadataPath);
    expect(served.status).toBe(200);
    const withoutId = (xml: string) => xml.replace(/ ID="[^"]*"/, "");
    expect(withoutId(served.text)).toBe(withoutId(draft.spMetadata));
  });

  it("a draft saved once cannot make a second provider → 409, and nothing more is stored", async () => {
    const draft = await draftOf(acme, "oidc");
    const first = await adminOf(acme)("/api/admin/identity-providers", {
      method: "POST",
      json: oidcBody({ draft: draft.draft }),
    });
    expect(first.status, first.text).toBe(201);
    const again = await adminOf(acme)("/api/admin/identity-providers", {
      method: "POST",
      json: oidcBody({ draft: draft.draft }),
    });
    expect(again.status, again.text).toBe(409);
    expect(again.json.error.fieldErrors.draft).toEqual([
      "This provider is already saved: open it from the list to change it",
    ]);
    expect(await testDb().identityProvider.count({ where: { id: draft.id } })).toBe(1);
  });

  it("another organization's draft, another protocol's, or a made-up one → 400 at draft, nothing stored", async () => {
    const globexDraft = await draftOf(globex, "oidc");
    const samlDraft = await draftOf(acme, "saml");
    const refused = "This form's draft is not valid here: reload the page and start again";
    for (const [body, id] of [
      [oidcBody({ draft: globexDraft.draft }), globexDraft.id],
      [oidcBody({ draft: samlDraft.draft }), samlDraft.id],
      [oidcBody({ draft: "v1.made.up.draft" }), null],
    ] as const) {
      const res = await adminOf(acme)("/api/admin/identity-providers", { method: "POST", json: body });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.fieldErrors.draft).toEqual([refused]);
      if (id) expect(await testDb().identityProvider.count({ where: { id } })).toBe(0);
    }
  });

  it("a learner → 403; an unknown protocol → 400 at its field", async () => {
    const learner = await callAs(acme.subdomain, acme.users.learner, "/api/admin/identity-providers/drafts", {
      method: "POST",
      json: { protocol: "oidc" },
    });
    expect(learner.status).toBe(403);
    const bad = await adminOf(acme)("/api/admin/identity-providers/drafts", {
      method: "POST",
      json: { protocol: "ldap" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fieldErrors.protocol).toEqual(["Protocol must be oidc or saml"]);
  });
});
