import { describe, expect, it } from "vitest";
import {
  createIdentityProviderSchema,
  identityProviderDraftRequestSchema,
  updateIdentityProviderSchema,
} from "@/lib/schemas/identity-providers";

const oidc = {
  name: "Okta",
  enabled: true,
  jitEnabled: false,
  protocol: "oidc",
  issuer: "https://example.okta.com",
  clientId: "lms",
  clientSecret: "secret",
  scopes: "openid email profile",
  emailClaim: "email",
  firstNameClaim: "given_name",
  lastNameClaim: "family_name",
  roleClaim: "",
  instructorValues: [],
  orgAdminValues: [],
};
const saml = {
  name: "Entra",
  enabled: true,
  jitEnabled: false,
  protocol: "saml",
  metadataUrl: "https://login.example.com/metadata.xml",
  metadataXml: "",
  emailClaim: "email",
  firstNameClaim: "firstName",
  lastNameClaim: "lastName",
  roleClaim: "",
  instructorValues: [],
  orgAdminValues: [],
};

describe("a provider's draft in the create", () => {
  it("is taken by the create of either protocol, and optional", () => {
    expect(createIdentityProviderSchema.parse({ ...oidc, draft: "v1.a.b.c" })).toMatchObject({ draft: "v1.a.b.c" });
    expect(createIdentityProviderSchema.parse({ ...saml, draft: "v1.a.b.c" })).toMatchObject({ draft: "v1.a.b.c" });
    expect(createIdentityProviderSchema.parse(oidc)).not.toHaveProperty("draft");
  });

  it("is refused by the update (an id is not changed) and when empty", () => {
    expect(updateIdentityProviderSchema.safeParse({ ...saml, draft: "v1.a.b.c" }).success).toBe(false);
    expect(updateIdentityProviderSchema.safeParse({ ...oidc, draft: "v1.a.b.c" }).success).toBe(false);
    const empty = createIdentityProviderSchema.safeParse({ ...oidc, draft: "" });
    expect(empty.error?.issues.map((i) => i.message)).toEqual(["Draft must not be empty"]);
  });

  it("the draft request names a protocol, nothing else", () => {
    expect(identityProviderDraftRequestSchema.parse({ protocol: "saml" })).toEqual({ protocol: "saml" });
    expect(identityProviderDraftRequestSchema.safeParse({ protocol: "ldap" }).error?.issues[0]?.message).toBe(
      "Protocol must be oidc or saml",
    );
    expect(identityProviderDraftRequestSchema.safeParse({ protocol: "oidc", id: "x" }).success).toBe(false);
  });
});
