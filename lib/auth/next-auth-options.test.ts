import { afterEach, describe, expect, it, vi } from "vitest";

// next-auth cannot tell https from the request (NEXTAUTH_URL stays unset: each tenant has its own host),
// so the public base URL decides whether the session cookie is Secure (and __Secure- prefixed).

async function optionsWith(baseUrl: string) {
  vi.resetModules();
  vi.stubEnv("APP_BASE_URL", baseUrl);
  vi.stubEnv("NEXTAUTH_SECRET", "x".repeat(40));
  const { nextAuthOptions } = await import("@/lib/auth/next-auth-options");
  return nextAuthOptions();
}

afterEach(() => vi.unstubAllEnvs());

// Each test loads the options module afresh (with its next-auth imports): seconds on a loaded machine.
describe("session cookies", { timeout: 30_000 }, () => {
  it("are Secure when the app is served over https", async () => {
    expect((await optionsWith("https://lms.example.com")).useSecureCookies).toBe(true);
  });

  it("are not Secure over plain http (a browser would drop them)", async () => {
    expect((await optionsWith("http://localhost:3000")).useSecureCookies).toBe(false);
  });
});
