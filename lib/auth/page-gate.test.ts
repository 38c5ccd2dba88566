import { beforeAll, describe, expect, it } from "vitest";
import type { GateRequest } from "@/lib/auth/page-gate";

// The page gate: which paths it guards, where it sends whom, and that a rendered page's nonce is the one
// in its policy. Defaults: APP_DOMAIN localhost, content hosts under content.localhost.

let gate: typeof import("@/lib/auth/page-gate");
let issueToken: typeof import("@/lib/auth/token").issueToken;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "a-test-secret-of-at-least-thirty-two-characters";
  gate = await import("@/lib/auth/page-gate");
  ({ issueToken } = await import("@/lib/auth/token"));
});

function request(host: string, pathname: string, session?: string, search = ""): GateRequest {
  return {
    host,
    forwardedProto: null,
    pathname,
    search,
    cookie: (name) => (name === "next-auth.session-token" ? session : undefined),
  };
}

const learnerOf = (tenant: string) =>
  issueToken({
    sub: "0198c8d0-0000-7000-8000-000000000001",
    role: "learner",
    org: "o",
    tenant,
    sv: 0,
    sid: "0198c8d0-0000-7000-8000-000000000003",
  });

describe("isPagePath", () => {
  it.each([
    ["/dashboard", true],
    ["/admin/users", true],
    ["/", true],
    ["/courses/abc/lessons/def", true],
    ["/api/courses", false],
    ["/auth/login", false],
    ["/uploads/avatars/a.png", false],
    ["/scorm/files/x", false],
    ["/_next/static/chunk.js", false],
    ["/icon.svg", false],
    ["/robots.txt", false],
    ["/robots.txt.html", true],
  ])("%s → %s", (path, expected) => {
    expect(gate.isPagePath(path)).toBe(expected);
  });
});

describe("gatePage", () => {
  it("sends a signed-out visitor to /login with the page to come back to", async () => {
    const outcome = await gate.gatePage(request("acme.localhost:3000", "/dashboard", undefined, "?tab=1"));
    expect(outcome.kind).toBe("redirect");
    if (outcome.kind !== "redirect") return;
    expect(outcome.location).toBe("http://acme.localhost:3000/login?callbackUrl=%2Fdashboard%3Ftab%3D1");
    expect(outcome.headers.map((h) => h.key)).toContain("Content-Security-Policy");
    expect(outcome.headers.map((h) => h.key)).toContain("X-Content-Type-Options");
  });

  it("sends a learner away from an admin page to /unauthorized", async () => {
    const outcome = await gate.gatePage(request("acme.localhost:3000", "/admin/users", await learnerOf("acme")));
    expect(outcome).toMatchObject({ kind: "redirect", location: "http://acme.localhost:3000/unauthorized" });
  });

  it("counts a session made on another organization's host as none", async () => {
    const outcome = await gate.gatePage(request("acme.localhost:3000", "/dashboard", await learnerOf("globex")));
    expect(outcome).toMatchObject({
      kind: "redirect",
      location: "http://acme.localhost:3000/login?callbackUrl=%2Fdashboard",
    });
  });

  it("renders a learner's dashboard with the nonce of its policy, framing only its content host", async () => {
    const outcome = await gate.gatePage(request("acme.localhost:3000", "/dashboard", await learnerOf("acme")));
    expect(outcome.kind).toBe("render");
    if (outcome.kind !== "render") return;
    const nonce = outcome.requestHeaders.find((h) => h.key === "x-nonce")?.value;
    const policy = outcome.headers.find((h) => h.key === "Content-Security-Policy")?.value;
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(policy).toContain(`'nonce-${nonce}'`);
    expect(policy).toContain("frame-src http://acme.content.localhost:3000 ");
    expect(outcome.requestHeaders).toContainEqual({ key: "content-security-policy", value: policy });
  });

  it("gives each page a nonce of its own", async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) {
      const outcome = await gate.gatePage(request("localhost:3000", "/login"));
      if (outcome.kind === "render") nonces.add(outcome.requestHeaders.find((h) => h.key === "x-nonce")?.value);
    }
    expect(nonces.size).toBe(3);
  });

  it("answers 404 for any page asked on a content host", async () => {
    const outcome = await gate.gatePage(request("acme.content.localhost:3000", "/dashboard"));
    expect(outcome.kind).toBe("not-found");
  });
});

describe("proxy.ts, the gate under plain `next start`", () => {
  it("skips what our server has gated and matches the pages isPagePath names", async () => {
    const { config } = await import("@/proxy");
    const entry = config.matcher[0]!;
    expect(entry.missing).toEqual([{ type: "header", key: gate.GATED_HEADER }]);
    const source = new RegExp(`^${entry.source}$`);
    for (const path of ["/dashboard", "/admin/users", "/api/courses", "/_next/static/a.js", "/icon.svg", "/scorm/x"])
      expect(source.test(path), path).toBe(gate.isPagePath(path));
  });
});
