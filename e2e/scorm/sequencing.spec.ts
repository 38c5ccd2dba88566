import { expect, test, type Browser, type Page } from "@playwright/test";
import { testDb } from "@/test/factories";
import { seriousAxeViolations } from "../accessibility";
import { origin, signIn } from "../support";
import { expectAllSaved, ownPackageCourse, runtimeFrame, scoFrame, type OwnPackageCourse } from "./support";

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

/** Each attempt of the lesson, oldest first: its number and whether it has ended. */
async function attemptsEnded(lessonId: string): Promise<[number, boolean][]> {
  const attempts = await testDb().scormAttempt.findMany({
    where: { lessonId },
    orderBy: { attemptNumber: "asc" },
    select: { attemptNumber: true, endedAt: true },
  });
  return attempts.map((a) => [a.attemptNumber, a.endedAt !== null]);
}

/** After an ended attempt: its own screen, everything saved, and a new attempt at the start of the flow. */
async function startAgainAfterEnding(page: Page): Promise<void> {
  await expect(page.getByText("You ended this attempt")).toBeVisible();
  await expectAllSaved(page);
  await page.getByRole("button", { name: "Start a new attempt" }).click();
  await expectStep(page, "Step one", "ab-initio", "0");
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
  await expect(second.getByRole("button", { name: "Previous part", exact: true })).toBeDisabled();
  const toc2 = second.getByRole("navigation", { name: "Lesson contents" });
  await expect(toc2.getByRole("button", { name: /^Step one.*Completed/ })).toBeVisible();
  await expect(toc2.getByRole("button", { name: /^Step two.*Completed/ })).toBeVisible();

  // exitAll: the attempt is over (its own screen), and the next launch starts a new attempt at step one.
  await step(second, "Step three").getByRole("button", { name: "Exit all" }).click();
  await startAgainAfterEnding(second);
  expect(await attemptsEnded(setup.lessonId)).toEqual([
    [1, true],
    [2, false],
  ]);
  await second.context().close();
});

// Our post-test package (test/fixtures/scorm/own/posttest-2004): material, then a post-test of two attempts
// whose failure sends the learner back to the material; the post-test hides the player's Previous and
// Continue (adlnav:hideLMSUI), since it offers its own way on.
const postTestCourse = (): Promise<Setup> =>
  ownPackageCourse("posttest-2004", { module: "Compliance", lesson: "Post-test" });

const material = (page: Page) => scoFrame(page, "Material");
const postTest = (page: Page) => scoFrame(page, "Post-test");

type Activities = { sequencing: { activityStates: Record<string, { attemptCount: number }> } };

test("a post-test of two attempts failed twice is closed, with the reason, and not delivered again", async ({
  browser,
}) => {
  const setup = await postTestCourse();
  const page = await device(browser, setup);
  await page.goto(setup.lessonUrl);
  const toc = page.getByRole("navigation", { name: "Lesson contents" });
  const nav = page.getByRole("navigation", { name: "Parts of this lesson" });
  for (const entry of ["ab-initio", "ab-initio"]) {
    await expect(material(page).locator("h1")).toHaveText("Material", { timeout: 30_000 });
    await expect(nav.getByRole("button", { name: "Next part" })).toBeVisible();
    await material(page).getByRole("button", { name: "Go to the test" }).click();
    await expect(postTest(page).locator("h1")).toHaveText("Post-test", { timeout: 30_000 });
    await expect(postTest(page).locator("#entry")).toHaveText(entry);
    // hideLMSUI: the test's own buttons are the way on; the player's Exit controls stay.
    await expect(nav.getByRole("button", { name: "Next part" })).toBeHidden();
    await expect(nav.getByRole("button", { name: "Previous part" })).toBeHidden();
    await expect(nav.getByRole("button", { name: "Exit", exact: true })).toBeVisible();
    await postTest(page).getByRole("button", { name: "Answer wrongly and submit" }).click();
  }
  // Back in the material (remediation); the test is closed for this attempt, and says why.
  await expect(material(page).locator("h1")).toHaveText("Material", { timeout: 30_000 });
  const closed = toc.getByRole("button", { name: /^Post-test/ });
  await expect(closed).toContainText("Failed · closed: No attempts left (2 of 2 used)");
  await expect(closed).toBeDisabled();
  // The material's way on is the test: the sequencer refuses it, and the test does not open.
  await material(page).getByRole("button", { name: "Go to the test" }).click();
  await expectAllSaved(page);
  await expect(runtimeFrame(page).locator('iframe[title="Post-test"]')).toHaveCount(0);

  const attempt = await testDb().scormAttempt.findFirstOrThrow({
    where: { lessonId: setup.lessonId },
    select: { sequencingState: true, scos: { select: { scoId: true, successStatus: true } } },
  });
  expect((attempt.sequencingState as Activities).sequencing.activityStates.posttest?.attemptCount).toBe(2);
  expect(attempt.scos.find((sco) => sco.scoId === "posttest")?.successStatus).toBe("failed");

  // Every SCO is completed, so the lesson is (failed, 40 %) and the next visit reviews this attempt: the test
  // is still closed there.
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Review: this attempt is finished" })).toBeVisible();
  await expect(material(page).locator("h1")).toHaveText("Material", { timeout: 30_000 });
  await expect(toc.getByRole("button", { name: /^Post-test/ })).toContainText("closed: No attempts left (2 of 2 used)");
  // Nothing is recorded in review, so the player offers no Exit there.
  await expect(nav.getByRole("button", { name: "End attempt" })).toBeHidden();
  await page.context().close();

  await expectBothTestAttemptsInTheReport(browser, setup);
});

/** The instructor opens the course report's lesson, then the learner: both activity attempts of the post-test, within attempt 1. */
async function expectBothTestAttemptsInTheReport(browser: Browser, setup: Setup): Promise<void> {
  const { courseId } = await testDb().lesson.findUniqueOrThrow({
    where: { id: setup.lessonId },
    select: { courseId: true },
  });
  const page = await (await browser.newContext()).newPage();
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.instructor);
  await page.goto(`${origin(setup.tenant.subdomain)}/admin/reports/courses/${courseId}`);
  await page.getByRole("grid", { name: "Lessons" }).getByRole("link", { name: "Post-test" }).click();
  const { learner } = setup.tenant.users;
  const name = `${learner.firstName} ${learner.lastName}`;
  await page.getByRole("grid", { name: "Lesson learners" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Attempts of ${name}` })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 3, name: "Attempt 1" })).toBeVisible();
  const grid = page.getByRole("grid", { name: "Activity attempts of attempt 1" });
  const testRows = grid.getByRole("row").filter({ hasText: "Post-test" });
  await expect(testRows).toHaveCount(2);
  for (const [index, number] of [
    [0, "1"],
    [1, "2"],
  ] as const) {
    const cells = testRows.nth(index).getByRole("gridcell");
    await expect(cells.nth(0)).toHaveText("Post-test");
    await expect(cells.nth(1)).toHaveText(number);
    await expect(cells.nth(2)).toHaveText("Completed");
    await expect(cells.nth(3)).toHaveText("Failed");
    await expect(cells.nth(4)).toHaveText("40");
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.context().close();
}

test("the end of the flow says the lesson is finished; the player's Exit keeps the place for the next visit", async ({
  browser,
}) => {
  const setup = await sequentialCourse();
  const page = await device(browser, setup);
  await page.goto(setup.lessonUrl);
  // The player's Exit (suspendAll) from the second step: the next visit resumes it.
  await step(page, "Step one").getByRole("button", { name: "Complete and continue" }).click();
  await expectStep(page, "Step two", "ab-initio", "0");
  await step(page, "Step two").getByRole("button", { name: "Add a note" }).click();
  await expect(step(page, "Step two").locator("#notes")).toHaveText("1");
  await page
    .getByRole("navigation", { name: "Parts of this lesson" })
    .getByRole("button", { name: "Exit", exact: true })
    .click();
  await expect(page.getByText("You suspended this lesson")).toBeVisible();
  await expectAllSaved(page);
  await page.getByRole("button", { name: "Resume" }).click();
  await expectStep(page, "Step two", "resume", "1");

  // The last step ends with Continue: nothing follows, and the player says so instead of leaving an ended page.
  await step(page, "Step two").getByRole("button", { name: "Complete and continue" }).click();
  await expectStep(page, "Step three", "ab-initio", "0");
  await step(page, "Step three").getByRole("button", { name: "Complete and continue" }).click();
  await expect(page.getByText("You reached the end of this lesson")).toBeVisible();
  await expectAllSaved(page);
  // The player's own part of the page (the course navigation beside it is checked by its own specs).
  const violations = await seriousAxeViolations(page, {
    narrow: (axe) => axe.include('[data-scorm-keep-visible="container"]'),
  });
  expect(violations).toEqual([]);
  await page.getByRole("button", { name: "Back to the course" }).click();
  await expect(page).toHaveURL(/\/courses\/[^/]+$/);
  await page.context().close();
});

test("the player's End attempt ends the attempt; the next one starts at the beginning", async ({ browser }) => {
  const setup = await sequentialCourse();
  const page = await device(browser, setup);
  await page.goto(setup.lessonUrl);
  await step(page, "Step one").getByRole("button", { name: "Complete and continue" }).click();
  await expectStep(page, "Step two", "ab-initio", "0");
  await page
    .getByRole("navigation", { name: "Parts of this lesson" })
    .getByRole("button", { name: "End attempt" })
    .click();
  await startAgainAfterEnding(page);
  expect(await attemptsEnded(setup.lessonId)).toEqual([
    [1, true],
    [2, false],
  ]);
  await page.context().close();
});

// Our timed package (test/fixtures/scorm/own/timed-2004, choice allowed) with step two's limit cut from five
// minutes to two seconds: the learner's time in the step's attempt is kept in the activity tree, and once it
// is used up the sequencer closes the step for this attempt.
test("a timed step whose time is used up is closed, with the reason, and not delivered again, after a reload too", async ({
  browser,
}) => {
  const setup = await ownPackageCourse("timed-2004", { module: "Safety", lesson: "Timed" }, (xml) =>
    xml.replace('attemptAbsoluteDurationLimit="PT5M"', 'attemptAbsoluteDurationLimit="PT2S"'),
  );
  const page = await device(browser, setup);
  await page.goto(setup.lessonUrl);
  const toc = page.getByRole("navigation", { name: "Lesson contents" });
  await expectStep(page, "Step one", "ab-initio", "0");
  await step(page, "Step one").getByRole("button", { name: "Complete and continue" }).click();
  await expectStep(page, "Step two", "ab-initio", "0");
  await expect(toc.getByRole("button", { name: /^Step two/ })).not.toContainText("closed");
  // More than the two seconds allowed in the step, then on to the next one.
  await page.waitForTimeout(2_500);
  await step(page, "Step two").getByRole("button", { name: "Complete and continue" }).click();
  await expectStep(page, "Step three", "ab-initio", "0");
  const closed = toc.getByRole("button", { name: /^Step two/ });
  await expect(closed).toContainText("Completed · closed: Time is up (2 s allowed)");
  await expect(closed).toBeDisabled();
  await expectAllSaved(page);
  const attempt = await testDb().scormAttempt.findFirstOrThrow({
    where: { lessonId: setup.lessonId },
    select: { sequencingState: true },
  });
  type Timed = {
    sequencing: { activityStates: Record<string, { attemptCount: number; attemptExperiencedDuration: string }> };
  };
  const step2 = (attempt.sequencingState as Timed).sequencing.activityStates.step2;
  expect(step2?.attemptCount).toBe(1);
  expect(step2?.attemptExperiencedDuration).toMatch(/^PT0H0M([2-9]|[1-5]\d)(\.\d+)?S$/);

  // The next visit (the stored tree): still closed; the flow from step one stops there instead of opening it.
  await page.reload();
  await expectStep(page, "Step three", "resume", "0");
  await expect(toc.getByRole("button", { name: /^Step two/ })).toContainText("closed: Time is up (2 s allowed)");
  await toc.getByRole("button", { name: /^Step one/ }).click();
  await expectStep(page, "Step one", "ab-initio", "0");
  await step(page, "Step one").getByRole("button", { name: "Complete and continue" }).click();
  await expectAllSaved(page);
  await expect(runtimeFrame(page).locator('iframe[title="Step two"]')).toHaveCount(0);
  await page.context().close();
});
