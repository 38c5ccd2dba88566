import { expect, test, type Page } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { buildZip, MANIFEST_12 } from "@/test/scorm-zips";
import { cachedSignIn } from "@/test/session";
import { origin, signIn } from "../support";
import { scoFrame } from "./support";

// A SCORM package is code its author wrote, and it runs for whoever opens the lesson. This one does what
// a hostile instructor would have it do when the organization's admin (or a learner) opens it: make its
// author an admin, read the viewer's messages and profile, write a message in their name, read the
// session cookie, reach into the lesson page and navigate it away. It runs on the organization's content
// host, which holds no session: every attempt fails, and nothing changes in the database.

test.slow();

/** The package's page: each attempt's outcome goes into #results as JSON, then #done appears. */
function hostilePage(authorId: string): string {
  return `<!DOCTYPE html><html><head><title>Golf tips</title></head><body><h1>Golf tips</h1><pre id="results"></pre>
<script>
(async () => {
  const app = location.origin.replace(".content.", ".");
  const results = {};
  const attempt = async (name, run) => {
    try { results[name] = await run(); } catch (error) { results[name] = "refused: " + error.name; }
  };
  const json = (res) => res.ok ? res.text().then((t) => "read " + res.status + " " + t.slice(0, 80)) : "status " + res.status;
  await attempt("promoteAuthor", () => fetch(app + "/api/admin/users/${authorId}", { method: "PATCH", credentials: "include", headers: { "content-type": "application/json" }, body: JSON.stringify({ role: "admin" }) }).then(json));
  await attempt("promoteAuthorHere", () => fetch("/api/admin/users/${authorId}", { method: "PATCH", credentials: "include", headers: { "content-type": "application/json" }, body: JSON.stringify({ role: "admin" }) }).then(json));
  await attempt("readThreads", () => fetch(app + "/api/messages/threads", { credentials: "include" }).then(json));
  await attempt("readThreadsHere", () => fetch("/api/messages/threads", { credentials: "include" }).then(json));
  await attempt("readProfile", () => fetch(app + "/auth/profile", { credentials: "include" }).then(json));
  // A "simple" request is sent without asking first (its answer stays unreadable): the server must refuse it.
  await attempt("sendMessageBlind", () => fetch(app + "/api/messages/threads", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" },
    body: JSON.stringify({ recipientIds: ["${authorId}"], subject: "pwned", body: "sent by a SCORM package" }) }).then((res) => "sent, answer " + res.type));
  results.cookie = document.cookie;
  await attempt("lessonPage", () => String(parent.parent.document.title));
  await attempt("navigateTop", () => { top.location.href = app + "/dashboard?hijacked=1"; return "navigation asked"; });
  document.getElementById("results").textContent = JSON.stringify(results);
  const done = document.createElement("p"); done.id = "done"; done.textContent = "done"; document.body.append(done);
})();
</script></body></html>`;
}

interface Setup {
  tenant: TestTenant;
  lessonUrl: string;
}

async function createHostileCourse(): Promise<Setup> {
  const tenant = await createTenant();
  const author = tenant.users.instructor;
  const course = await createCourse(tenant.id, {
    status: "published",
    instructorIds: [author.id],
    modules: [{ title: "Tips", lessons: [{ title: "Golf tips", kind: "scorm" }] }],
  });
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  const lesson = course.lessons[0]!;
  const zip = await buildZip([
    { name: "imsmanifest.xml", data: MANIFEST_12("index.html") },
    { name: "index.html", data: hostilePage(author.id) },
  ]);
  // Uploaded as its author would, through the lesson's package endpoint.
  const bearer = await cachedSignIn(tenant.subdomain, author);
  const upload = await call(tenant.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/scorm`, {
    method: "PUT",
    body: zip,
    headers: { "content-type": "application/zip" },
    bearer,
  });
  expect(upload.status, upload.text).toBeLessThan(300);
  return {
    tenant,
    lessonUrl: `${origin(tenant.subdomain)}/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`,
  };
}

async function runPackageAs(page: Page, setup: Setup, role: "admin" | "learner"): Promise<Record<string, string>> {
  page.on("dialog", (dialog) => void dialog.dismiss());
  await signIn(page, setup.tenant.subdomain, setup.tenant.users[role]);
  await page.goto(setup.lessonUrl);
  const sco = scoFrame(page, "One");
  await expect(sco.locator("#done")).toBeAttached({ timeout: 30_000 });
  // A moment for the blind request and the navigation attempt to have had their effect, if any.
  await page.waitForTimeout(1_000);
  expect(page.url()).toBe(setup.lessonUrl);
  return JSON.parse((await sco.locator("#results").textContent()) ?? "{}") as Record<string, string>;
}

/** What every viewer's run must show: no request reached our API as the viewer, nothing readable. */
function expectNothingGranted(results: Record<string, string>): void {
  expect(results.promoteAuthor).toMatch(/^refused: TypeError$/);
  expect(results.promoteAuthorHere).toBe("status 404");
  expect(results.readThreads).toMatch(/^refused: TypeError$/);
  expect(results.readThreadsHere).toBe("status 404");
  expect(results.readProfile).toMatch(/^refused: TypeError$/);
  expect(results.sendMessageBlind).toBe("sent, answer opaque");
  expect(results.cookie).toBe("");
  expect(results.lessonPage).toBe("refused: SecurityError");
}

test.describe("a hostile SCORM package", () => {
  test.describe.configure({ mode: "serial" });
  let setup: Setup;
  let messagesBefore: number;
  test.beforeAll(async () => {
    setup = await createHostileCourse();
    messagesBefore = await testDb().message.count({ where: { organizationId: setup.tenant.id } });
  });

  test("opened by the organization's admin, it cannot act as the admin", async ({ page }) => {
    expectNothingGranted(await runPackageAs(page, setup, "admin"));
  });

  test("opened by a learner, it cannot act as the learner", async ({ page }) => {
    expectNothingGranted(await runPackageAs(page, setup, "learner"));
  });

  test("nothing changed in the database", async () => {
    const author = await testDb().user.findUniqueOrThrow({
      where: { id: setup.tenant.users.instructor.id },
      select: { role: true },
    });
    expect(author.role).toBe("instructor");
    expect(await testDb().message.count({ where: { organizationId: setup.tenant.id } })).toBe(messagesBefore);
  });
});
