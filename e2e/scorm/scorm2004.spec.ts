import { expect, test } from "@playwright/test";
import {
  acceptDialogs,
  createScormCourse,
  expectAllSaved,
  expectContentPage,
  expectResultShown,
  lessonProgress,
  nextUntil,
  passQuiz,
  scoFrame,
  scoFrameElement,
  serveCdnLibraries,
  signInLearner,
  uploadAsInstructor,
  type ScormCourse,
} from "./support";

// SCORM 2004 in Chromium with the real golf packages: upload, play, leave mid-way, resume, pass the quiz,
// and the result on the course page and dashboard. The 4th-edition package completes through its
// post-test rollup (only the quiz counts towards the course's completion and success).

test.slow();

for (const pkg of [
  {
    name: "3rd edition, one SCO (runtime basic calls)",
    zip: "golf-scorm2004-3rd-runtime-basic-singlesco.zip",
    summary: /Golf Explained - Run-time Basic Calls · SCORM 2004 3rd Edition · version 1 · 1 SCO$/,
  },
  {
    name: "3rd edition, objectives and interactions (runtime advanced calls; success from the scaled passing score)",
    zip: "golf-scorm2004-3rd-runtime-advanced-interactions.zip",
    summary: /Golf Explained - Run-time Advanced Calls · SCORM 2004 3rd Edition · version 1 · 1 SCO$/,
  },
]) {
  test.describe(`SCORM 2004 ${pkg.name}`, () => {
    test.describe.configure({ mode: "serial" });
    let setup: ScormCourse;
    test.beforeAll(async () => {
      setup = await createScormCourse(`Golf 2004 ${pkg.zip.includes("advanced") ? "advanced" : "basics"}`);
    });

    test("the instructor uploads the package", async ({ page }) => {
      await uploadAsInstructor(page, setup, pkg.zip, pkg.summary);
    });

    test("the learner plays, leaves mid-way, resumes there, passes the quiz and sees the result", async ({ page }) => {
      const alerts = acceptDialogs(page);
      await signInLearner(page, setup);
      await page.goto(setup.lessonUrl);
      const sco = scoFrame(page, "Golf Explained");
      await expectContentPage(sco, /Playing\/Playing\.html$/);
      await nextUntil(page, sco, /Playing\/OtherScoring\.html$/);

      await page.goto(setup.courseUrl);
      await page.goto(setup.lessonUrl);
      await expectContentPage(sco, /Playing\/OtherScoring\.html$/);

      await nextUntil(page, sco, /assessmenttemplate\.html/);
      await passQuiz(page);
      await sco.getByRole("button", { name: "Exit" }).click();
      // Exit at the end is the package's exitAll: the attempt is over.
      await expect(page.getByText("You ended this attempt")).toBeVisible();
      await expectAllSaved(page);
      await expect
        .poll(() => lessonProgress(setup))
        .toMatchObject({ status: "completed", successStatus: "passed", scoreScaled: 1 });
      await expectResultShown(page, setup, "Passed · Score 100%", 100);
      expect(alerts).toEqual([]);
    });
  });
}

test.describe("SCORM 2004 4th edition, five SCOs with sequencing and a post-test rollup", () => {
  test.describe.configure({ mode: "serial" });
  let setup: ScormCourse;
  test.beforeAll(async () => {
    setup = await createScormCourse("Golf 2004 sequencing");
  });

  test("the instructor uploads the package", async ({ page }) => {
    await uploadAsInstructor(
      page,
      setup,
      "golf-scorm2004-4th-sequencing-posttest-rollup-multisco.zip",
      /Golf Explained - 4th Edition Features · SCORM 2004 4th Edition · version 1 · 5 SCOs$/,
    );
  });

  test("the learner resumes inside a SCO, jumps to the post-test, passes it and the lesson completes by rollup", async ({
    page,
  }) => {
    const alerts = acceptDialogs(page);
    await serveCdnLibraries(page);
    await signInLearner(page, setup);
    await page.goto(setup.lessonUrl);
    const playing = scoFrame(page, "Playing the Game");
    await expectContentPage(playing, /Playing\/Playing\.html$/);
    // Forced order: the package's precondition rules keep the next SCOs out of reach for now.
    const toc = page.getByRole("navigation", { name: "Lesson contents" });
    await expect(toc.getByRole("button", { name: /Etiquette.*not available yet/ })).toBeDisabled();
    await nextUntil(page, playing, /Playing\/Scoring\.html$/);

    await page.goto(setup.courseUrl);
    await page.goto(setup.lessonUrl);
    await expectContentPage(playing, /Playing\/Scoring\.html$/);
    await nextUntil(page, playing, /Playing\/RulesOfGolf\.html$/);
    await expect(toc.getByRole("button", { name: /Playing the Game.*Completed/ })).toBeVisible();

    // Continue ends the SCO, whose completion reaches the global objectives; the sequencer then opens the
    // next step of the forced order and keeps the one after it closed.
    await page.getByRole("button", { name: "Next part" }).click();
    const etiquette = scoFrame(page, "Etiquette");
    await expectContentPage(etiquette, /Etiquette\/Course\.html$/);
    await expect(toc.getByRole("button", { name: /^Handicapping.*not available yet/ })).toBeDisabled();
    await expect(toc.getByRole("button", { name: /^Playing the Game/ })).toBeEnabled();

    // The SCO's own "Skip to the Test" is a 4th-edition jump navigation request.
    await etiquette.getByRole("button", { name: "Skip to the Test" }).click();
    await expect(scoFrameElement(page, "Quiz")).toBeVisible();
    await passQuiz(page);
    await expectAllSaved(page);

    // Leaving ends the quiz SCO; its final commit carries the rolled-up status of the whole package.
    await page.goto(setup.courseUrl);
    await expect
      .poll(() => lessonProgress(setup), { timeout: 20_000 })
      .toMatchObject({ status: "completed", successStatus: "passed", scoreScaled: 1 });
    await expectResultShown(page, setup, "Passed · Score 100%", 100);
    expect(alerts).toEqual([]);
  });
});
