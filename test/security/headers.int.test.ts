import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "@/test/factories";
import { call, testPort, type TestResponse } from "@/test/http";
import { contentHostOf } from "./api-operations";
import { buildTenantWorld, type TenantWorld } from "./world";

// The security headers of every kind of answer (lib/security-headers.ts is where they are decided), the
// session cookie's attributes, HSTS over HTTPS. Written out here, not read from that module.

let tenant: TenantWorld;
beforeAll(async () => {
  tenant = await buildTenantWorld();
}, 120_000);
afterAll(() => testDb().$disconnect());

/** The organization's app origin (its pages) and content origin (its SCORM content), as the browser sees them. */
const appOrigin = () => `http://${tenant.subdomain}.localhost:${testPort()}`;
const contentOrigin = () => `http://${contentHostOf(tenant.subdomain)}.localhost:${testPort()}`;
const VIDEO_EMBEDS = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];

const header = (res: TestResponse, name: string) => {
  const value = res.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
};

/** What every answer carries, pages, JSON and files alike. */
function expectCommonHeaders(res: TestResponse, label: string): void {
  expect(header(res, "x-content-type-options"), label).toBe("nosniff");
  expect(header(res, "referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  expect(header(res, "permissions-policy"), label).toContain("camera=()");
  expect(header(res, "strict-transport-security"), `${label}: no HSTS over plain http`).toBeUndefined();
}

/** JSON and stored files: nothing in them runs, nobody frames them. */
function expectLockedDown(res: TestResponse, label: string): void {
  expectCommonHeaders(res, label);
  expect(header(res, "content-security-policy"), label).toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
  expect(header(res, "x-frame-options"), label).toBe("DENY");
}

describe("pages", () => {
  const pages: [string, () => { subdomain: string | null; bearer?: string }][] = [
    ["/", () => ({ subdomain: null })],
    ["/login", () => ({ subdomain: tenant.subdomain })],
    ["/courses", () => ({ subdomain: tenant.subdomain })],
    ["/dashboard", () => ({ subdomain: tenant.subdomain, bearer: tenant.tokens.learner })],
    ["/admin/courses", () => ({ subdomain: tenant.subdomain, bearer: tenant.tokens.admin })],
    ["/no-such-page", () => ({ subdomain: tenant.subdomain })],
  ];

  it.each(pages)(
    "%s: a nonce-based Content-Security-Policy its scripts carry, no framing, nosniff, a referrer policy",
    async (path, who) => {
      const { subdomain, bearer } = who();
      const res = await call(subdomain, path, {
        headers: bearer ? { cookie: `next-auth.session-token=${bearer}` } : {},
      });
      expect([200, 404]).toContain(res.status);
      expectCommonHeaders(res, path);
      expect(header(res, "x-frame-options")).toBe("DENY");
      const policy = header(res, "content-security-policy")!;
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).not.toContain("'unsafe-eval'");
      // Frames: the organization's content host (the SCORM runtime; the apex has none) and the video embeds, never our own origin.
      const frames = /(?:^|; )frame-src ([^;]*)/.exec(policy)?.[1]?.split(" ");
      expect(frames, policy).toEqual([...(subdomain ? [contentOrigin()] : []), ...VIDEO_EMBEDS]);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1];
      expect(nonce, policy).toBeTruthy();
      // Every script of the page carries this response's nonce, or the browser would refuse to run it.
      const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
      // A fresh nonce per response.
      const again = await call(subdomain, path, {
        headers: bearer ? { cookie: `next-auth.session-token=${bearer}` } : {},
      });
      expect(header(again, "content-security-policy")).not.toBe(policy);
    },
  );
});

describe("API and auth answers", () => {
  it("successes and refusals alike, through Next, the commit fast path and the door", async () => {
    const answers: [string, Promise<TestResponse>][] = [
      ["GET /api/health", call(null, "/api/health")],
      ["GET /api/courses", call(tenant.subdomain, "/api/courses")],
      ["GET /auth/profile (401)", call(tenant.subdomain, "/auth/profile")],
      ["GET /api/nothing (404)", call(tenant.subdomain, "/api/nothing")],
      ["DELETE /api/health (405)", call(null, "/api/health", { method: "DELETE" })],
      [
        "POST /scorm/commits/{token} (the fast path)",
        call(contentHostOf(tenant.subdomain), `/scorm/commits/${tenant.contentToken}`, {
          json: {
            commits: [
              {
                attemptId: tenant.ids.attemptId,
                scoId: tenant.scoId,
                sequence: 2,
                cmi: { core: { lesson_status: "incomplete" } },
              },
            ],
          },
        }),
      ],
      [
        "POST /scorm/commits/{token} with a bad body (400)",
        call(contentHostOf(tenant.subdomain), `/scorm/commits/${tenant.contentToken}`, {
          body: "{",
          headers: { "content-type": "text/plain" },
        }),
      ],
      [
        "POST /scorm/commits/{token} with a forged token (404)",
        call(contentHostOf(tenant.subdomain), `/scorm/commits/${tenant.contentToken.slice(0, -2)}AA`, {
          json: { commits: [] },
        }),
      ],
      ["GET /api/courses/%ZZ (undecodable, answered before Next)", call(tenant.subdomain, "/api/courses/%ZZ")],
    ];
    for (const [label, pending] of answers) {
      const res = await pending;
      expect(res.status, label).toBeLessThan(500);
      expect(String(header(res, "content-type")), label).toMatch(/^application\/json/);
      expectLockedDown(res, label);
    }
  });
});

describe("stored files", () => {
  it("a public avatar is locked down like JSON", async () => {
    const res = await call(tenant.subdomain, tenant.files.avatar);
    expect(res.status).toBe(200);
    expectLockedDown(res, "avatar");
  });

  it("logos, thumbnails, avatars and content images: our own re-encoded pictures, inline, locked down like JSON", async () => {
    for (const [label, res] of [
      ["avatar", await call(tenant.subdomain, tenant.files.avatar)],
      ["thumbnail", await call(tenant.subdomain, tenant.files.thumbnail)],
      [
        "a draft's thumbnail, to its editor",
        await call(tenant.subdomain, tenant.files.draftThumbnail, { bearer: tenant.tokens.admin }),
      ],
      [
        "a content image, to a member",
        await call(tenant.subdomain, tenant.files.contentImage, { bearer: tenant.tokens.learner }),
      ],
    ] as const) {
      expect(res.status, label).toBe(200);
      expect(header(res, "content-type"), label).toBe("image/webp");
      expect(header(res, "content-disposition"), label).toBe("inline");
      expectLockedDown(res, label);
    }
  });

  it("a file lesson downloads as bytes, whole or by range: never rendered as a page of ours", async () => {
    const media = `/api/courses/${tenant.ids.courseId}/lessons/${tenant.ids.fileLessonId}/media`;
    for (const range of [undefined, "bytes=0-3"]) {
      const res = await call(tenant.subdomain, media, {
        bearer: tenant.tokens.learner,
        headers: range ? { range } : {},
      });
      expect(res.status).toBe(range ? 206 : 200);
      expect(header(res, "content-type")).toBe("application/octet-stream");
      expect(header(res, "content-disposition")).toBe(`attachment; filename="handout-${tenant.marker}.txt"`);
      expectLockedDown(res, `file lesson ${range ?? ""}`);
    }
  });

  it("a video lesson plays inline under the type its bytes showed, locked down", async () => {
    const res = await call(
      tenant.subdomain,
      `/api/courses/${tenant.ids.courseId}/lessons/${tenant.ids.videoLessonId}/media`,
      { bearer: tenant.tokens.learner, headers: { range: "bytes=0-3" } },
    );
    expect(res.status).toBe(206);
    expect(header(res, "content-type")).toBe("video/webm");
    expect(header(res, "content-disposition")).toBe("inline");
    expectLockedDown(res, "video");
  });

  it("generated and exported documents (course picture, iCal feed, CSV downloads) are locked down too", async () => {
    const answers: [string, TestResponse, string][] = [
      [
        "placeholder SVG",
        await call(tenant.subdomain, `/api/courses/${tenant.ids.archivedCourseId}/placeholder`, {
          bearer: tenant.tokens.admin,
        }),
        "image/svg+xml; charset=utf-8",
      ],
      [
        "iCal feed",
        await call(tenant.subdomain, `/api/calendar/feed/${tenant.feedSecret}.ics`),
        "text/calendar; charset=utf-8",
      ],
      [
        "import report",
        await call(tenant.subdomain, `/api/admin/imports/${tenant.ids.importId}/report`, {
          bearer: tenant.tokens.admin,
        }),
        "text/csv; charset=utf-8",
      ],
      [
        "users export",
        await call(tenant.subdomain, "/api/admin/exports/users", { bearer: tenant.tokens.admin }),
        "text/csv; charset=utf-8",
      ],
    ];
    for (const [label, res, type] of answers) {
      expect(res.status, label).toBe(200);
      expect(header(res, "content-type"), label).toBe(type);
      expectLockedDown(res, label);
    }
    expect(header(answers[2]![1], "content-disposition")).toBe(
      `attachment; filename="people-${tenant.marker}-report.csv"`,
    );
    expect(header(answers[3]![1], "content-disposition")).toMatch(
      new RegExp(`^attachment; filename="${tenant.subdomain}-users-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
  });

  it("SCORM package files run their own scripts, framed only by the runtime beside them and the organization's pages", async () => {
    const res = await call(contentHostOf(tenant.subdomain), tenant.files.scormFile);
    expect(res.status).toBe(200);
    expectCommonHeaders(res, "SCORM file");
    expect(header(res, "content-security-policy")).toBe(`frame-ancestors 'self' ${appOrigin()}`);
    // X-Frame-Options cannot name the app origin: the policy's frame-ancestors is the one rule.
    expect(header(res, "x-frame-options")).toBeUndefined();
  });
});

describe("the SCORM runtime page", () => {
  it("runs our script only and is framed by the organization's pages only", async () => {
    const res = await call(contentHostOf(tenant.subdomain), `/scorm/runtime/${tenant.contentToken}`);
    expect(res.status).toBe(200);
    expectCommonHeaders(res, "runtime page");
    const policy = header(res, "content-security-policy")!.split("; ");
    expect(policy).toContain(`frame-ancestors ${appOrigin()}`);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(header(res, "x-frame-options")).toBeUndefined();
  });
});

describe("HTTPS", () => {
  it("HSTS on pages, JSON and files when the request came over HTTPS (X-Forwarded-Proto from the proxy)", async () => {
    const https = { "x-forwarded-proto": "https" };
    for (const [label, res] of [
      ["page", await call(tenant.subdomain, "/login", { headers: https })],
      ["JSON", await call(tenant.subdomain, "/api/courses", { headers: https })],
      ["file", await call(tenant.subdomain, tenant.files.avatar, { headers: https })],
      ["SCORM file", await call(contentHostOf(tenant.subdomain), tenant.files.scormFile, { headers: https })],
    ] as const) {
      expect(header(res, "strict-transport-security"), label).toBe("max-age=63072000; includeSubDomains");
    }
  });
});

describe("the session cookie", () => {
  /** The browser's sign-in: next-auth's CSRF token, then its credentials callback. */
  async function browserSignIn(): Promise<string[]> {
    const csrf = await call(tenant.subdomain, "/api/auth/csrf");
    const csrfCookies = ([] as string[]).concat(csrf.headers["set-cookie"] ?? []);
    expect(csrfCookies.length).toBeGreaterThan(0);
    const form = new URLSearchParams({
      csrfToken: csrf.json.csrfToken,
      email: tenant.users.learner.email,
      password: tenant.users.learner.password,
      json: "true",
    });
    const res = await call(tenant.subdomain, "/api/auth/callback/credentials", {
      method: "POST",
      body: form.toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: csrfCookies.map((c) => c.split(";")[0]).join("; "),
        origin: `http://${tenant.subdomain}.localhost`,
      },
    });
    expect(res.status, res.text).toBe(200);
    return [...csrfCookies, ...([] as string[]).concat(res.headers["set-cookie"] ?? [])];
  }

  it("is HttpOnly and SameSite=Lax, like next-auth's other cookies", async () => {
    const cookies = await browserSignIn();
    const session = cookies.find((c) => c.startsWith("next-auth.session-token="));
    expect(session, cookies.join("\n")).toBeTruthy();
    for (const cookie of cookies.filter((c) => /^next-auth\.(session-token|csrf-token)=/.test(c))) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
  });
});
