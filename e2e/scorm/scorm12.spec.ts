import { expect, test } from "@playwright/test";
import {
  acceptDialogs,
  COMMIT_URLS,
  createScormCourse,
  expectAllSaved,
  expectContentPage,
  expectResultShown,
  expectScoInitialized,
  launchPageOf,
  lessonProgress,
  scoState,
  nextUntil,
  passQuiz,
  scoFrame,
  scoFrameElement,
  signInLearner,
  uploadAsInstructor,
  type ScormCourse,
} from "./support";

// SCORM 1.2 in Chromium with the real golf packages: the instructor uploads, the learner plays, leaves
// mid-way, comes back where they left off, finishes, and sees the result on the course page and dashboard.

test.slow();

test.describe("SCORM 1.2, one SCO (runtime basic calls)", () => {
  test.describe.configure({ mode: "serial" });
  let setup: ScormCourse;
  test.beforeAll(async () => {
    setup = await createScormCourse("Golf basics 1.2");
  });

  test("the instructor uploads the package", async ({ page }) => {
    await uploadAsInstructor(
      page,
      setup,
      "golf-scorm12-runtime-basic-singlesco.zip",
      /Golf Explained - Run-time Basic Calls · SCORM 1\.2 · version 1 · 1 SCO$/,
    );
  });

  test("the learner plays, leaves mid-way, resumes there, passes the quiz and sees the result", async ({ page }) => {
    const alerts = acceptDialogs(page);
    await signInLearner(page, setup);
    await page.goto(setup.lessonUrl);
    const sco = scoFrame(page, "Golf Explained");
    await expectContentPage(sco, /Playing\/Playing\.html$/);
    await sco.getByRole("button", { name: "Next ->" }).click();
    await expectContentPage(sco, /Playing\/Par\.html$/);
    await sco.getByRole("button", { name: "Next ->" }).click();
    await expectContentPage(sco, /Playing\/Scoring\.html$/);

    // The learner leaves while the server cannot be reached: the SCO's last commit (it suspends on
    // unload) stays queued in the browser, the relaunch resumes from it, and it is saved once the server
    // answers again.
    await page.route(COMMIT_URLS, (route) => route.abort("connectionrefused"));
    await page.goto(setup.courseUrl);
    await page.goto(setup.lessonUrl);
    await expectContentPage(sco, /Playing\/Scoring\.html$/);
    await expect(page.getByRole("alert").filter({ hasText: "Your progress is not saved yet" })).toBeVisible();
    await page.unroute(COMMIT_URLS);
    await expectAllSaved(page);
    await expect(page.getByRole("alert").filter({ hasText: "Your progress is not saved yet" })).toHaveCount(0);
    await expect.poll(() => scoState(setup)).toMatchObject({ location: "2", exit: "suspend" });

    // The content runs on the organization's content host: it reaches the runtime above it (the API), but
    // not the lesson page, which stays as it is.
    const reach = await launchPageOf(page).evaluate(() => {
      const runtime = parent as unknown as { API?: unknown };
      let lessonPage: string;
      try {
        lessonPage = String(parent.parent.document.title);
      } catch (error) {
        lessonPage = (error as Error).name;
      }
      return { api: typeof runtime.API, lessonPage };
    });
    expect(reach).toEqual({ api: "object", lessonPage: "SecurityError" });
    await expect(page.getByRole("navigation", { name: "Course navigation" })).toBeVisible();

    await nextUntil(page, sco, /assessmenttemplate\.html/);
    await passQuiz(page);
    await sco.getByRole("button", { name: "Exit" }).click();
    await expectAllSaved(page);
    await expect
      .poll(() => lessonProgress(setup))
      .toMatchObject({ status: "completed", successStatus: "passed", scoreScaled: 1 });
    await expectResultShown(page, setup, "Passed · Score 100%", 100);
    expect(alerts).toEqual([]);
  });
});

test.describe("SCORM 1.2, 18 SCOs that only initialize and finish (runtime minimum calls)", () => {
  test.describe.configure({ mode: "serial" });
  let setup: ScormCourse;
  test.beforeAll(async () => {
    setup = await createScormCourse("Golf minimum 1.2");
  });

  test("the instructor uploads the package", async ({ page }) => {
    await uploadAsInstructor(
      page,
      setup,
      "golf-scorm12-runtime-minimum-multisco.zip",
      /Golf Explained - Minimum Run-time Calls · SCORM 1\.2 · version 1 · 18 SCOs$/,
    );
  });

  test("the learner moves through the table of contents, leaves, resumes at the same SCO and finishes every SCO", async ({
    page,
  }) => {
    const alerts = acceptDialogs(page);
    await signInLearner(page, setup);
    await page.goto(setup.lessonUrl);
    const toc = page.getByRole("navigation", { name: "Lesson contents" });
    await expect(scoFrame(page, "How to Play").locator("body")).toContainText(/golf/i);
    await expectScoInitialized(page);
    await page.getByRole("button", { name: "Next part" }).click();
    await expect(scoFrame(page, "Par?").locator("body")).toContainText(/par/i);
    await expectScoInitialized(page);
    await toc.getByRole("button", { name: /Playing Golf Quiz/ }).click();
    await expect(scoFrameElement(page, "Playing Golf Quiz")).toBeVisible();
    await passQuiz(page);

    await page.goto(setup.courseUrl);
    await page.goto(setup.lessonUrl);
    await expect(scoFrameElement(page, "Playing Golf Quiz")).toBeVisible();
    await expect(toc.getByRole("button", { name: /How to Play.*Completed/ })).toBeVisible();

    // Every SCO in flow order; the last one finishes when the learner leaves the page.
    await toc.getByRole("button", { name: /How to Play/ }).click();
    for (let i = 1; i < 18; i++) {
      await expect(page.getByRole("button", { name: "Next part" })).toBeEnabled();
      await expectScoInitialized(page);
      await page.getByRole("button", { name: "Next part" }).click();
    }
    await expect(scoFrameElement(page, "Having Fun Quiz")).toBeVisible();
    await expectScoInitialized(page);
    await page.goto(setup.courseUrl);
    await expect
      .poll(() => lessonProgress(setup), { timeout: 20_000 })
      .toMatchObject({ status: "completed", successStatus: "unknown" });
    await expectResultShown(page, setup, null, null);
    expect(alerts).toEqual([]);
  });
});
