import { expect, test, type Page } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { origin, pickFromSearch, signIn, waitForShell } from "../support";
import { seriousAxeViolations } from "../accessibility";

// An instructor writes to a learner of their course; the learner's badge counts up and, once the
// conversation is open, down, without a reload; the learner's reply shows in the instructor's open
// conversation within 5 seconds. /messages and a conversation pass axe.

let tenant: TestTenant;
let instructor: TestUser;
let learner: TestUser;
test.beforeAll(async () => {
  tenant = await createTenant();
  instructor = await createUser(tenant.id, "instructor", { firstName: uniqueName("Ines") });
  learner = await createUser(tenant.id, "learner", { firstName: uniqueName("Leo") });
  const course = await createCourse(tenant.id, { instructorIds: [instructor.id] });
  await enroll(tenant.id, course.id, learner.id);
});

async function expectAllClear(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The top bar's messages button; its description says how many conversations are unread. */
const badge = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Messages", exact: true });

test("two people exchange messages; the badge counts up and down without a reload", async ({
  page: learnerPage,
  browser,
}) => {
  test.setTimeout(180_000); // two people's sessions in one journey
  await signIn(learnerPage, tenant.subdomain, learner);
  await learnerPage.goto(`${origin(tenant.subdomain)}/messages`);
  await expect(learnerPage.getByText("No conversations yet")).toBeVisible();
  await expect(badge(learnerPage)).toHaveAccessibleDescription("");

  // The instructor writes, finding the learner by name.
  const context = await browser.newContext();
  const instructorPage = await context.newPage();
  await signIn(instructorPage, tenant.subdomain, instructor);
  await instructorPage.goto(`${origin(tenant.subdomain)}/messages`);
  await waitForShell(instructorPage);
  await instructorPage.getByRole("button", { name: "New message" }).click();
  const compose = instructorPage.getByRole("dialog", { name: "New message" });
  await pickFromSearch(compose.getByLabel("To", { exact: true }), learner.firstName, new RegExp(learner.firstName));
  const subject = uniqueName("Week 3 reading ");
  await compose.getByLabel("Subject", { exact: true }).fill(subject);
  await compose
    .getByLabel("Message", { exact: true })
    .fill("Chapter 4 is here: https://example.com/chapter-4\n<b>Not bold</b>");
  await compose.getByRole("button", { name: "Send" }).click();
  await expect(instructorPage.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(instructorPage).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);

  // The learner's open inbox shows it, unread, and the badge counts 1: no reload.
  const row = learnerPage.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(subject) });
  await expect(row).toContainText("Unread", { timeout: 20_000 });
  await expect(badge(learnerPage)).toHaveAccessibleDescription("1 unread");

  // Opening it reads it: the badge goes down at once.
  await row.click();
  await expect(learnerPage.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(badge(learnerPage)).toHaveAccessibleDescription("");
  const log = learnerPage.getByRole("log", { name: "Messages" });
  await expect(log.getByRole("link", { name: "https://example.com/chapter-4" })).toHaveAttribute("target", "_blank");
  await expect(log).toContainText("<b>Not bold</b>");
  await expectAllClear(learnerPage);

  // The learner answers; the instructor's open conversation shows it within 5 seconds.
  const reply = learnerPage.getByRole("form", { name: "Reply" });
  await reply.getByLabel("Reply", { exact: true }).fill("Thanks, reading it tonight.");
  await reply.getByRole("button", { name: "Send" }).click();
  await expect(log).toContainText("Thanks, reading it tonight.");
  await expect(instructorPage.getByRole("log", { name: "Messages" })).toContainText("Thanks, reading it tonight.", {
    timeout: 5_000,
  });
  await context.close();
});

test("axe finds no serious or critical violations on /messages", async ({ page }) => {
  await signIn(page, tenant.subdomain, instructor);
  await page.goto(`${origin(tenant.subdomain)}/messages`);
  await page.waitForLoadState("networkidle");
  await expectAllClear(page);
  await page.getByRole("button", { name: "New message" }).click();
  await expect(page.getByRole("dialog", { name: "New message" })).toBeVisible();
  // Axe measures colours as drawn: wait for the dialog's fade-in to end (mid-fade, its button fails contrast).
  await expect(page.locator(".MuiDialog-container")).toHaveCSS("opacity", "1");
  await expectAllClear(page);
});
