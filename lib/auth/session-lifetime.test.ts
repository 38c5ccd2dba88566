import { describe, expect, it } from "vitest";
import type { TenantAndUser } from "@/lib/auth/caller-lookup";
import { resolveSession } from "@/lib/auth/caller";
import type { SessionClaims } from "@/lib/auth/token";

// An organization's session lifetime (its settings, read on every request): a token of a sign-in older
// than that many hours gets nobody, whatever the token's own expiry says.

const ORG = "0198c8d0-0000-7000-8000-000000000002";
const USER = "0198c8d0-0000-7000-8000-000000000001";
const SESSION = "0198c8d0-0000-7000-8000-000000000003";
const now = () => Math.floor(Date.now() / 1000);

function lookup(settings: Record<string, number>, status: "active" | "suspended" = "active") {
  return async (): Promise<TenantAndUser> => ({
    organization: { id: ORG, name: "Acme", subdomain: "acme", status, branding: {}, settings, createdAt: new Date() },
    user: {
      id: USER,
      organizationId: ORG,
      role: "learner",
      firstName: "Ada",
      lastName: "L",
      username: "ada",
      email: "ada@example.test",
      avatarUrl: null,
      status: "active",
      lastLoginAt: null,
      createdAt: new Date(),
      sessionVersion: 0,
      sessionId: SESSION,
    },
  });
}
const claims = (signedInSecondsAgo: number): SessionClaims => ({
  sub: USER,
  role: "learner",
  org: ORG,
  tenant: "acme",
  sv: 0,
  sid: SESSION,
  at: now() - signedInSecondsAgo,
});

describe("session lifetime", () => {
  it("a sign-in within the organization's lifetime is good; one older is nobody", async () => {
    const twoHours = { sessionLifetimeHours: 2 };
    expect((await resolveSession("acme.localhost", claims(3600), lookup(twoHours))).caller?.ctx.userId).toBe(USER);
    expect((await resolveSession("acme.localhost", claims(3 * 3600), lookup(twoHours))).caller).toBeNull();
  });

  it("lengthening the lifetime lets the same token in again (the rule is read per request)", async () => {
    expect(
      (await resolveSession("acme.localhost", claims(3 * 3600), lookup({ sessionLifetimeHours: 4 }))).caller?.ctx
        .userId,
    ).toBe(USER);
  });

  it("without a setting the default of 7 days applies", async () => {
    expect((await resolveSession("acme.localhost", claims(6 * 24 * 3600), lookup({}))).caller).not.toBeNull();
    expect((await resolveSession("acme.localhost", claims(8 * 24 * 3600), lookup({}))).caller).toBeNull();
  });

  it("a suspended organization's token gets nobody", async () => {
    expect((await resolveSession("acme.localhost", claims(60), lookup({}, "suspended"))).caller).toBeNull();
  });
});
