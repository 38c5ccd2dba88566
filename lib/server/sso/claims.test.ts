import { describe, expect, it } from "vitest";
import { identityFromClaims } from "@/lib/server/sso/claims";

const mapping = {
  emailClaim: "email",
  firstNameClaim: "given_name",
  lastNameClaim: "family_name",
  roleClaim: "groups",
  instructorValues: ["teachers"],
  orgAdminValues: ["lms-admins"],
};

describe("identityFromClaims", () => {
  it("reads e-mail (lower-cased), names and verification from the mapped claims", () => {
    expect(
      identityFromClaims("sub-1", mapping, {
        email: " Ada@Example.TEST ",
        email_verified: true,
        given_name: "Ada",
        family_name: "Lovelace",
      }),
    ).toEqual({
      subject: "sub-1",
      email: "ada@example.test",
      emailVerified: true,
      firstName: "Ada",
      lastName: "Lovelace",
      role: "learner",
    });
  });

  it("treats a missing email_verified as not verified, and a non-address as no e-mail", () => {
    const identity = identityFromClaims("s", mapping, { email: "not an address" });
    expect(identity.email).toBeNull();
    expect(identity.emailVerified).toBe(false);
  });

  it('counts only the boolean true as verified, not the string "true"', () => {
    expect(identityFromClaims("s", mapping, { email: "a@example.test", email_verified: true }).emailVerified).toBe(
      true,
    );
    expect(identityFromClaims("s", mapping, { email: "a@example.test", email_verified: "true" }).emailVerified).toBe(
      false,
    );
    expect(identityFromClaims("s", mapping, { email: "a@example.test", email_verified: 1 }).emailVerified).toBe(false);
  });

  it("falls back to the e-mail's local part when the provider sends no first name", () => {
    expect(identityFromClaims("s", mapping, { email: "grace@example.test" }).firstName).toBe("grace");
  });
});

describe("the role an identity gets", () => {
  const mappedRole = (m: typeof mapping, claims: Record<string, unknown>) => identityFromClaims("s", m, claims).role;
  it("maps a listed value to instructor or org_admin, org_admin winning", () => {
    expect(mappedRole(mapping, { groups: ["staff", "teachers"] })).toBe("instructor");
    expect(mappedRole(mapping, { groups: ["teachers", "lms-admins"] })).toBe("org_admin");
    expect(mappedRole(mapping, { groups: "lms-admins" })).toBe("org_admin");
  });

  it("never grants more than org_admin, whatever the claim says", () => {
    expect(mappedRole(mapping, { groups: ["admin", "superadmin"] })).toBe("learner");
  });

  it("maps everyone to learner without a role claim", () => {
    expect(mappedRole({ ...mapping, roleClaim: "" }, { groups: ["lms-admins"] })).toBe("learner");
  });
});
