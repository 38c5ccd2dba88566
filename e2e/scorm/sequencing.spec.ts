import { expect, test, type Browser, type Page } from "@playwright/test";
import { testDb } from "@/test/factories";
import { signIn } from "../support";
import { expectAllSaved, ownPackageCourse, scoFrame, type OwnPackageCourse } from "./support";

// SCORM 2004 sequencing across visits, with our forced-order package (test/fixtures/scorm/own/sequential-2004:
// three steps, flow only, forward only, no choice). The activity tree's state is persisted with the attempt,
// so another device resumes the suspended step with its suspended data; exitAll ends the attempt.

test.slow();

type Setup = OwnPackageCourse;

const sequentialCourse = (): Promise<Setup> =>
  ownPackageCourse("sequential-2004", { module: "Safety", lesson: "Forced order" });

/** A new browser context (another device), signed in as the learner. */
async function device(browser: Browser, setup: Setup): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.learner);
  return page;
}

const step = (page: Page, title: string) => scoFrame(page, title);

const NUMBERS: Record<string, number> = { "Step one": 1, "Step two": 2, "Step three": 3 };

async function expectStep(page: Page, title: string, entry: string, notes: string): Promise<void> {
  await expect(step(page, title).locator("h1")).toHaveText(`Step ${NUMBERS[title]}`, { timeout: 30_000 });
  await expect(step(page, title).locator("#entry")).toHaveText(entry);
  await expect(step(page, title).locator("#notes")).toHaveText(notes);
}

test("suspendAll on one device, resumeAll on another: the third step with its notes; exitAll starts a new attempt", async ({
  browser,
}) => {
  const setup = await sequentialCourse();
  const first = await device(browser, setup);
  await first.goto(setup.lessonUrl);
  await expectStep(first, "Step one", "ab-initio", "0");
  // No choice in a forced order: the other steps cannot be picked from the table of contents.
  const toc = first.getByRole("navigation", { name: "Lesson contents" });
  await expect(toc.getByRole("button", { name: /^Step three/ })).toBeDisabled();
  await step(first, "Step one").getByRole("button", { name: "Complete and continue" }).click();
  await expectStep(first, "Step two", "ab-initio", "0");
  await step(first, "Step two").getByRole("button", { name: "Complete and continue" }).click();
  await expectStep(first, "Step three", "ab-initio", "0");
  await step(first, "Step three").getByRole("button", { name: "Add a note" }).click();
  await step(first, "Step three").getByRole("button", { name: "Add a note" }).click();
  await expect(step(first, "Step three").locator("#notes")).toHaveText("2");
  await step(first, "Step three").getByRole("button", { name: "Suspend all" }).click();
  await expect(first.getByText("You suspended this lesson")).toBeVisible();
  await expectAllSaved(first);
  const attempt = await testDb().scormAttempt.findFirstOrThrow({ where: { lessonId: setup.lessonId } });
  expect(attempt.sequencingState).toMatchObject({ sequencing: { suspendedActivity: "step3" } });
  await first.context().close();

  const second = await device(browser, setup);
  await second.goto(setup.lessonUrl);
  await expectStep(second, "Step three", "resume", "2");
  // Forward only: the sequencer refuses Previous, so the player offers none.
  await expect(second.getByRole("button", { name: "Previous", exact: true })).toBeDisabled();
  const toc2 = second.getByRole("navigation", { name: "Lesson contents" });
  await expect(toc2.getByRole("button", { name: /^Step one.*Completed/ })).toBeVisible();
  await expect(toc2.getByRole("button", { name: /^Step two.*Completed/ })).toBeVisible();

  // exitAll: the attempt is over (its own screen), and the next launch starts a new attempt at step one.
  await step(second, "Step three").getByRole("button", { name: "Exit all" }).click();
  await expect(second.getByText("You ended this attempt")).toBeVisible();
  await expectAllSaved(second);
  await second.getByRole("button", { name: "Start a new attempt" }).click();
  await expectStep(second, "Step one", "ab-initio", "0");
  const attempts = await testDb().scormAttempt.findMany({
    where: { lessonId: setup.lessonId },
    orderBy: { attemptNumber: "asc" },
    select: { attemptNumber: true, endedAt: true },
  });
  expect(attempts.map((a) => [a.attemptNumber, a.endedAt !== null])).toEqual([
    [1, true],
    [2, false],
  ]);
  await second.context().close();
});
