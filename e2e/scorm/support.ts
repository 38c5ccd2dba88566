import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Frame, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { createCourse, enroll, type TestCourse, type TestLesson } from "@/test/course-factories";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { ownPackageZip } from "@/test/scorm-zips";
import { cachedSignIn } from "@/test/session";
import { origin, signIn } from "../support";

// SCORM e2e helpers: a course whose only required lesson is a SCORM lesson, its upload through the
// lesson editor as the instructor, and the learner's view of the player.

export const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/scorm");

export interface ScormCourse {
  tenant: TestTenant;
  course: TestCourse;
  lesson: TestLesson;
  lessonUrl: string;
  courseUrl: string;
}

export async function createScormCourse(lessonTitle: string): Promise<ScormCourse> {
  const tenant = await createTenant();
  const course = await createCourse(tenant.id, {
    instructorIds: [tenant.users.instructor.id],
    modules: [{ title: "Golf", lessons: [{ title: lessonTitle, kind: "scorm" }] }],
  });
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  const lesson = course.lessons[0]!;
  const base = origin(tenant.subdomain);
  return {
    tenant,
    course,
    lesson,
    courseUrl: `${base}/courses/${course.id}`,
    lessonUrl: `${base}/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`,
  };
}

/** The instructor uploads the package in the lesson editor and waits for the server's summary of it. */
/** A learner enrolled in a course of one SCORM lesson: one of our own packages, uploaded through the API. */
export interface OwnPackageCourse {
  tenant: TestTenant;
  lessonId: string;
  lessonUrl: string;
}

export async function ownPackageCourse(
  fixture: string,
  titles: { module: string; lesson: string },
  editManifest?: (xml: string) => string,
): Promise<OwnPackageCourse> {
  const tenant = await createTenant();
  const course = await createCourse(tenant.id, {
    instructorIds: [tenant.users.instructor.id],
    modules: [{ title: titles.module, lessons: [{ title: titles.lesson, kind: "scorm" }] }],
  });
  const lesson = course.lessons[0]!;
  const upload = await call(tenant.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/scorm`, {
    method: "PUT",
    body: await ownPackageZip(fixture, editManifest),
    headers: { "content-type": "application/zip" },
    bearer: await cachedSignIn(tenant.subdomain, tenant.users.instructor),
  });
  expect(upload.status, upload.text).toBeLessThan(300);
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  return {
    tenant,
    lessonId: lesson.id,
    lessonUrl: `${origin(tenant.subdomain)}/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`,
  };
}

export async function uploadAsInstructor(page: Page, setup: ScormCourse, zip: string, summary: RegExp): Promise<void> {
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.instructor);
  await page.goto(`${origin(setup.tenant.subdomain)}/admin/courses/${setup.course.id}`);
  await page.getByRole("tab", { name: "Outline" }).click();
  await page.getByRole("button", { name: `Edit lesson ${setup.lesson.title}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Upload SCORM package (.zip)").setInputFiles(path.join(FIXTURES, zip));
  await expect(dialog.getByText(/^Current package: /)).toHaveText(summary, { timeout: 30_000 });
}

/**
 * The 4th-edition package loads jQuery 1.4 and jQuery UI 1.8 from Google's CDN, which this offline machine
 * cannot reach: serve the closest versions npm has (1.12 of both) in their place.
 */
export async function serveCdnLibraries(page: Page): Promise<void> {
  const require = createRequire(import.meta.url);
  const jquery = readFileSync(require.resolve("jquery/dist/jquery.min.js"));
  const jqueryUi = readFileSync(require.resolve("jquery-ui-dist/jquery-ui.min.js"));
  await page.route("https://ajax.googleapis.com/**", (route) => {
    const body = route.request().url().includes("jqueryui") ? jqueryUi : jquery;
    return route.fulfill({ status: 200, contentType: "application/javascript", body });
  });
}

/**
 * Every package asks "resume where you left off?" with confirm(): the learner says yes. Alerts are the
 * packages' way of reporting an LMS fault ("could not find objective", "Unable to find an API adapter"):
 * they are collected, and each test checks there were none.
 */
export function acceptDialogs(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    if (dialog.type() === "alert") alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** The runtime page's frame in the lesson page: on the organization's content host, it holds the SCO's frame. */
export function runtimeFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Lesson content"]');
}

/** The SCO's frame element (titled after the SCO), inside the runtime's frame. */
export function scoFrameElement(page: Page, scoTitle: string): Locator {
  return runtimeFrame(page).locator(`iframe[title="${scoTitle}"]`);
}

/** The SCO's frame (titled after the SCO) and, inside the golf launch page, its content frame. */
export function scoFrame(page: Page, scoTitle: string): FrameLocator {
  return runtimeFrame(page).frameLocator(`iframe[title="${scoTitle}"]`);
}

/** The runtime page itself (where scorm-again's API object lives). */
export function runtimePageOf(page: Page): Frame | undefined {
  return page.frames().find((f) => f.url().includes("/scorm/runtime/"));
}

/** Every request to the content host's commit endpoint (for page.route). */
export const COMMIT_URLS = "**/scorm/commits/**";

/**
 * Clicks the golf launch page's "Next ->" until its content frame shows `file`, one page at a time (some
 * pages appear twice in a row, so the launch page's own page counter tells that a click landed).
 */
export async function nextUntil(page: Page, sco: FrameLocator, file: RegExp): Promise<void> {
  const currentPage = () =>
    page
      .frames()
      .find((f) => f.url().includes("/launchpage.html"))
      ?.evaluate(() => (window as unknown as { currentPage: number | null }).currentPage) ?? null;
  for (let i = 0; i < 20; i++) {
    const src = await sco.locator("#contentFrame").getAttribute("src");
    if (src && file.test(src)) return;
    const before = await currentPage();
    await sco.getByRole("button", { name: "Next ->" }).click();
    await expect.poll(currentPage).not.toBe(before);
  }
  throw new Error(`never reached ${file}`);
}

/** The running SCO has called LMSInitialize / Initialize (content that is left before that tracks nothing). */
export async function expectScoInitialized(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const runtime = runtimePageOf(page);
      if (!runtime) return false;
      return runtime.evaluate(() => {
        const w = window as unknown as {
          API?: { isInitialized(): boolean };
          API_1484_11?: { isInitialized(): boolean };
        };
        return (w.API ?? w.API_1484_11)?.isInitialized() ?? false;
      });
    })
    .toBe(true);
}

export async function expectContentPage(sco: FrameLocator, file: RegExp): Promise<void> {
  await expect.poll(async () => sco.locator("#contentFrame").getAttribute("src"), { timeout: 15_000 }).toMatch(file);
}

/** Every commit the player queued has been acknowledged by the server. */
export async function expectAllSaved(page: Page): Promise<void> {
  await expect(page.getByText("All progress saved")).toBeVisible({ timeout: 20_000 });
}

/** The golf launch page (the SCO's own document). */
export function launchPageOf(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes("/launchpage.html"));
  if (!frame) throw new Error("the SCO's launch page is not loaded");
  return frame;
}

/** The learner's saved state of the lesson's only (or last committed) SCO. */
export async function scoState(setup: ScormCourse) {
  return testDb().scormScoState.findFirst({
    where: { attempt: { lessonId: setup.lesson.id } },
    orderBy: { lastCommittedAt: "desc" },
    select: { location: true, exit: true, suspendData: true },
  });
}

export async function lessonProgress(setup: ScormCourse) {
  return testDb().lessonProgress.findFirst({
    where: { lessonId: setup.lesson.id },
    select: { status: true, successStatus: true, scoreScaled: true },
  });
}

export async function signInLearner(page: Page, setup: ScormCourse): Promise<void> {
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.learner);
}

/**
 * Answers the golf quiz as someone who knows the answers (the package's own answer key), then submits
 * it with a click, and checks the score the quiz shows.
 */
export async function passQuiz(page: Page): Promise<void> {
  let quiz: Frame | undefined;
  // The quiz's frame is looked for again on every try: the package may replace the frame it first loaded, and
  // a wait bound to the old one would never end.
  const ready = async () => {
    quiz = page.frames().find((f) => f.url().includes("assessmenttemplate.html") && !f.isDetached());
    if (!quiz) return false;
    return quiz
      .evaluate(() => "test" in window && document.querySelector("input[value='Submit Answers']") !== null)
      .catch(() => false);
  };
  await expect.poll(ready, { timeout: 60_000, message: "the golf quiz is ready to answer" }).toBe(true);
  if (!quiz) return;
  await quiz.evaluate(() => {
    type Question = { Id: string; Type: string; Answers: string[] | null; CorrectAnswer: string | number | boolean };
    const questions = (window as unknown as { test: { Questions: Question[] } }).test.Questions;
    const input = (id: string) => document.getElementById(id) as HTMLInputElement;
    for (const q of questions) {
      if (q.Type === "choice") input(`question_${q.Id}_${q.Answers!.indexOf(String(q.CorrectAnswer))}`).checked = true;
      else if (q.Type === "true-false")
        input(`question_${q.Id}_${q.CorrectAnswer === true ? "True" : "False"}`).checked = true;
      else input(`question_${q.Id}_Text`).value = String(q.CorrectAnswer);
    }
  });
  await quiz.locator("input[value='Submit Answers']").click();
  await expect(quiz.locator("h3").first()).toHaveText("Score: 100");
}

/** The learner sees the lesson's result on the course page and the course's on the dashboard. */
export async function expectResultShown(
  page: Page,
  setup: ScormCourse,
  lessonResult: string | null,
  scorePercent: number | null,
): Promise<void> {
  await page.goto(setup.courseUrl);
  const outline = page.getByRole("region", { name: "Course outline" });
  await expect(outline).toContainText(
    `${setup.lesson.title} (completed)SCORM${lessonResult ? ` · ${lessonResult}` : ""}`,
  );
  await page.goto(`${origin(setup.tenant.subdomain)}/dashboard`);
  const card = page
    .getByRole("list", { name: "Recently completed" })
    .getByRole("link", { name: new RegExp(setup.course.title) });
  await expect(card).toContainText(/100% complete · Completed on /);
  if (scorePercent === null) await expect(card).not.toContainText("Score");
  else await expect(card).toContainText(`Score ${scorePercent}%`);
}
