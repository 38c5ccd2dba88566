import { expect, test, type Page } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { forgetSession, origin, signIn, waitForForm } from "../support";

// What people write never runs in the browser of whoever reads it. Rich text is sanitized when saved
// (test/integration/authored-content.int.test.ts); here it is written straight to the database, as if it
// had skipped the sanitizer, to show the second wall: the page's Content-Security-Policy runs only
// scripts that carry the response's nonce, so injected scripts, event handlers and javascript: links do
// nothing. Message bodies are plain text that React renders as text. Each would set window.__pwned.

const PWN = "window.__pwned=1";
const UNSANITIZED = [
  "<p>Intro for the hostile course</p>",
  `<script>${PWN}</script>`,
  `<img src="/no-such-picture.png" alt="broken" onerror="${PWN}">`,
  `<a href="javascript:${PWN}">bad link</a>`,
  `<svg onload="${PWN}"><circle r="1"/></svg>`,
].join("");
const MESSAGE = `<img src=x onerror="${PWN}"> see javascript:${PWN} or https://example.com/notes`;

let tenant: TestTenant;
let learner: TestUser;
let courseId: string;
let lessonPath: string;
let threadId: string;
test.beforeAll(async () => {
  tenant = await createTenant();
  learner = await createUser(tenant.id, "learner");
  const course = await createCourse(tenant.id, {
    description: UNSANITIZED,
    modules: [{ lessons: [{ kind: "text", title: "Hostile lesson", body: UNSANITIZED }] }],
  });
  courseId = course.id;
  lessonPath = `/courses/${course.id}/modules/${course.modules[0]!.id}/lessons/${course.lessons[0]!.id}`;
  await enroll(tenant.id, course.id, learner.id);
  const db = testDb();
  const thread = await db.messageThread.create({
    data: { organizationId: tenant.id, subject: "Hostile message", createdById: tenant.users.instructor.id },
  });
  await db.messageParticipant.createMany({
    data: [tenant.users.instructor.id, learner.id].map((userId) => ({
      organizationId: tenant.id,
      threadId: thread.id,
      userId,
    })),
  });
  await db.message.create({
    data: { organizationId: tenant.id, threadId: thread.id, senderId: tenant.users.instructor.id, body: MESSAGE },
  });
  threadId = thread.id;
});

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null);

for (const [what, path] of [
  ["a course description", () => `/courses/${courseId}`],
  ["a text lesson", () => lessonPath],
] as const) {
  test(`unsanitized rich text in ${what} is in the page but nothing of it runs`, async ({ page }) => {
    await signIn(page, tenant.subdomain, learner);
    await page.goto(`${origin(tenant.subdomain)}${path()}`, { waitUntil: "load" });
    await expect(page.getByText("Intro for the hostile course")).toBeVisible();
    // The markup did reach the page (so the policy is what stops it): the injected script, without the
    // page's nonce (Next's own scripts carry it, the one holding the page's data too), and the broken picture.
    expect(
      await page.evaluate(
        () => [...document.scripts].filter((s) => !s.nonce && s.textContent === "window.__pwned=1").length,
      ),
    ).toBe(1);
    await expect(page.locator("img[alt=broken]")).toHaveJSProperty("complete", true);
    expect(await pwned(page)).toBeNull();
    await page.getByRole("link", { name: "bad link" }).click();
    await expect(page).toHaveURL(`${origin(tenant.subdomain)}${path()}`);
    expect(await pwned(page)).toBeNull();
  });
}

test("a message body is shown as text: no markup of it is rendered, javascript: is no link", async ({ page }) => {
  await signIn(page, tenant.subdomain, learner);
  await page.goto(`${origin(tenant.subdomain)}/messages/${threadId}`, { waitUntil: "load" });
  const body = page.getByText(`<img src=x onerror="${PWN}"> see`);
  await expect(body).toBeVisible();
  await expect(page.locator("main img")).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "https://example.com/notes" })).toHaveAttribute(
    "href",
    "https://example.com/notes",
  );
  expect(await pwned(page)).toBeNull();
});

test("after signing in, a callbackUrl leading to another host is not followed", async ({ page }) => {
  const other = await createUser(tenant.id, "learner");
  for (const callback of ["/\\example.com/", "//example.com/"]) {
    await forgetSession(page);
    await page.goto(`${origin(tenant.subdomain)}/login?callbackUrl=${encodeURIComponent(callback)}`);
    await waitForForm(page, "Sign in");
    await page.getByLabel("Email").fill(other.email);
    await page.getByLabel("Password").fill(other.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The sign-in goes on to the learner's home page on the organization's own host.
    await expect(page, callback).toHaveURL(`${origin(tenant.subdomain)}/dashboard`);
  }
});
