import { expect, test, type Browser, type Page } from "@playwright/test";
import { testDb } from "@/test/factories";
import { signIn } from "../support";
import { expectAllSaved, ownPackageCourse, runtimePageOf, scoFrame, type OwnPackageCourse } from "./support";

// The counter package (test/fixtures/scorm/own/counter-2004) keeps a count in cmi.suspend_data and
// commits on every click, so each test can tell exactly whose state the server kept.

test.slow();

type Setup = OwnPackageCourse;

const counterCourse = (): Promise<Setup> => ownPackageCourse("counter-2004", { module: "Counting", lesson: "Counter" });

const counter = (page: Page) => scoFrame(page, "Counter");

async function add(page: Page, times: number, expected: string): Promise<void> {
  for (let i = 0; i < times; i++) await counter(page).getByRole("button", { name: "Add one" }).click();
  await expect(counter(page).locator("#count")).toHaveText(expected);
}

async function openLesson(page: Page, setup: Setup, expectedCount: string): Promise<void> {
  await page.goto(setup.lessonUrl);
  await expect(counter(page).locator("#count")).toHaveText(expectedCount, { timeout: 30_000 });
}

async function storedCount(setup: Setup): Promise<string | null | undefined> {
  const sco = await testDb().scormScoState.findFirst({
    where: { organizationId: setup.tenant.id, attempt: { lessonId: setup.lessonId } },
    select: { suspendData: true },
  });
  return sco?.suspendData;
}

async function learnerPage(browser: Browser, setup: Setup): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.learner);
  return page;
}

const REPLACED = "This lesson was opened in another window";

test("review mode says that nothing is recorded, and its writes never reach the queue", async ({ page }) => {
  const setup = await counterCourse();
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.learner);
  await openLesson(page, setup, "0");
  await add(page, 2, "2");
  await counter(page).getByRole("button", { name: "Finish" }).click();
  await expectAllSaved(page);
  await expect
    .poll(async () => (await testDb().scormAttempt.findFirst({ where: { lessonId: setup.lessonId } }))?.completedAt)
    .not.toBeNull();

  // The course allows no retakes: the next visit reviews the finished attempt.
  await openLesson(page, setup, "2");
  await expect(counter(page).locator("#mode")).toHaveText("review");
  await expect(
    page.getByText(/^Review: this attempt is finished\. .*nothing you do here is recorded\.$/),
  ).toBeVisible();
  await expect(page.getByText("All progress saved")).toHaveCount(0);
  await add(page, 1, "3");
  await expect(counter(page).locator("#last")).toHaveText("Commit true at 3");
  const attempt = await testDb().scormAttempt.findFirstOrThrow({ where: { lessonId: setup.lessonId } });
  const queued = await runtimePageOf(page)!.evaluate(
    (key) => localStorage.getItem(key),
    `lms.scorm.commits.${attempt.id}`,
  );
  expect(JSON.parse(queued ?? '{"commits":[]}').commits).toEqual([]);

  // The next visit does not read the review's write back.
  await openLesson(page, setup, "2");
  expect(await storedCount(setup)).toBe("2");
});

test("two tabs: the newer one starts from the latest state, the older one says it was replaced", async ({
  browser,
}) => {
  const setup = await counterCourse();
  const tabA = await learnerPage(browser, setup);
  await openLesson(tabA, setup, "0");
  await add(tabA, 3, "3");
  await expectAllSaved(tabA);

  const tabB = await tabA.context().newPage();
  await openLesson(tabB, setup, "3");
  await expect(tabA.getByText(REPLACED)).toBeVisible({ timeout: 20_000 });
  await expect(tabA.getByText("All progress saved")).toHaveCount(0);
  await expect(tabA.locator('iframe[title="Lesson content"]')).toBeHidden();

  await add(tabB, 2, "5");
  await expectAllSaved(tabB);
  expect(await storedCount(setup)).toBe("5");
  await tabA.context().close();
});

test("two browsers: the older one's next commit is refused, it stops, and the newer progress stays", async ({
  browser,
}) => {
  const setup = await counterCourse();
  const deviceA = await learnerPage(browser, setup);
  await openLesson(deviceA, setup, "0");
  await add(deviceA, 2, "2");
  await expectAllSaved(deviceA);

  const deviceB = await learnerPage(browser, setup);
  await openLesson(deviceB, setup, "2");
  await add(deviceB, 3, "5");
  await expectAllSaved(deviceB);

  // A still shows its stale count and writes from it: the server refuses it, A removes the content and says why.
  await expect(counter(deviceA).locator("#count")).toHaveText("2");
  await counter(deviceA).getByRole("button", { name: "Add one" }).click();
  await expect(deviceA.getByText(REPLACED)).toBeVisible({ timeout: 20_000 });
  expect(await storedCount(setup)).toBe("5");

  await add(deviceB, 1, "6");
  await expectAllSaved(deviceB);
  expect(await storedCount(setup)).toBe("6");

  // Continuing on A again takes the attempt back, from B's progress.
  await deviceA.getByRole("button", { name: "Continue here instead" }).click();
  await expect(counter(deviceA).locator("#count")).toHaveText("6", { timeout: 30_000 });
  // B learns it was replaced at its next commit: this click's, or an automatic one that came first and already
  // took the content away (then there is nothing left to click).
  await counter(deviceB)
    .getByRole("button", { name: "Add one" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(deviceB.getByText(REPLACED)).toBeVisible({ timeout: 20_000 });
  expect(await storedCount(setup)).toBe("6");
  await deviceA.context().close();
  await deviceB.context().close();
});
