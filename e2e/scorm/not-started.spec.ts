import { expect, test } from "@playwright/test";
import { signIn } from "../support";
import { ownPackageCourse } from "./support";

// Content whose own script fails before it calls Initialize (test/fixtures/scorm/own/no-start-2004, as a
// package that loads jQuery from a CDN this machine cannot reach): the player must not say progress is saved.

test("content that never connects is reported as not started, never as saved", async ({ page }) => {
  test.slow();
  const setup = await ownPackageCourse("no-start-2004", { module: "Basics", lesson: "Broken start" });
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.learner);
  await page.goto(setup.lessonUrl);
  const alert = page.getByRole("alert").filter({ hasText: "The content did not start" });
  await expect(alert).toBeVisible({ timeout: 40_000 });
  await expect(alert).toContainText("nothing you do in it is recorded");
  await expect(page.getByText("All progress saved")).toHaveCount(0);
});
