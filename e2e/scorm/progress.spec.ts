import { expect, test } from "@playwright/test";
import { origin, signIn } from "../support";
import { expectAllSaved, ownPackageCourse, scoFrame } from "./support";

// A single-SCO package that reports cmi.progress_measure (test/fixtures/scorm/own/progress-2004: five
// pages, progress = page / 5): the lesson and the course show how far the learner got, not 0 % until the
// end and then 100 %.

test.slow();

test("a SCO's progress_measure shows on the lesson, the course outline and the course's percentage", async ({
  page,
}) => {
  const setup = await ownPackageCourse("progress-2004", { module: "Reading", lesson: "Five pages" });
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.learner);
  // A clean console on the lesson page and in its frames: in particular the player writes to its frame only
  // once the runtime is there, so no postMessage is refused for its origin.
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") refused.push(message.text());
  });
  await page.goto(setup.lessonUrl);
  const sco = scoFrame(page, "Five pages");
  await expect(sco.locator("#page")).toHaveText("1", { timeout: 30_000 });
  expect(refused).toEqual([]);
  await sco.getByRole("button", { name: "Next page" }).click();
  await sco.getByRole("button", { name: "Next page" }).click();
  await expect(sco.locator("#page")).toHaveText("3");
  await sco.getByRole("button", { name: "Save and close" }).click();
  await expectAllSaved(page);
  await expect(page.getByText("You are 60% through this lesson.")).toBeVisible();

  const courseUrl = setup.lessonUrl.replace(/\/modules\/.*$/, "");
  await page.goto(courseUrl);
  await expect(page.getByRole("region", { name: "Course outline" })).toContainText("Five pagesSCORM · 60% done");
  await page.goto(`${origin(setup.tenant.subdomain)}/dashboard`);
  await expect(page.getByRole("list", { name: "My courses" })).toContainText("60% complete");

  // Back in: it resumes on page 3; the fifth page completes the lesson and the course.
  await page.goto(setup.lessonUrl);
  await expect(sco.locator("#page")).toHaveText("3", { timeout: 30_000 });
  await sco.getByRole("button", { name: "Next page" }).click();
  await sco.getByRole("button", { name: "Next page" }).click();
  await sco.getByRole("button", { name: "Save and close" }).click();
  await expectAllSaved(page);
  await expect(page.getByText("You have completed this lesson.")).toBeVisible();
  // Saving, finishing and coming back wrote nothing to the console either.
  expect(refused).toEqual([]);
  await page.goto(`${origin(setup.tenant.subdomain)}/dashboard`);
  // Completed, it moves from "My courses" to "Recently completed".
  await expect(page.getByRole("list", { name: "Recently completed" })).toContainText("100% complete");
});
