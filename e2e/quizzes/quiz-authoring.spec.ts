import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { callAs } from "@/test/session";
import { seriousAxeViolations } from "../accessibility";
import { origin, signIn, waitForShell } from "../support";

// The instructor's side of quizzes (docs/assessments.md "The instructor's pages"): a quiz lesson made in
// the course editor and set up from the question banks, the grading queue, and the item statistics with
// figures worked out by hand. Banks, questions and the learners' attempts are made through the API, as
// the question bank pages and the learner's player would.

let tenant: TestTenant;
let instructor: TestUser;
test.beforeAll(async () => {
  tenant = await createTenant();
  instructor = tenant.users.instructor;
});

async function api(user: TestUser, path: string, options: { method?: string; json?: unknown } = {}) {
  const res = await callAs(tenant.subdomain, user, path, options);
  expect(res.status, `${options.method ?? "POST/GET"} ${path}: ${res.text}`).toBeLessThan(300);
  return res.json;
}

async function newBank(name: string): Promise<string> {
  return (await api(instructor, "/api/question-banks", { json: { name } })).id as string;
}

async function newQuestion(bankId: string, body: Record<string, unknown>): Promise<string> {
  return (await api(instructor, `/api/question-banks/${bankId}/questions`, { json: body })).id as string;
}

const choiceQuestion = (name: string, right: string, wrong: string) => ({
  type: "single_choice",
  name,
  stem: `<p>${name}?</p>`,
  choices: [
    { id: "right", text: right, fraction: 1 },
    { id: "wrong", text: wrong, fraction: 0 },
  ],
});

interface LearnerQuestion {
  position: number;
  question: { type: string; stem: string };
}

/** A learner's attempt through the player's API: start, one answer per question (chosen by its stem), submit. */
async function takeQuiz(
  learner: TestUser,
  courseId: string,
  lessonId: string,
  answer: (question: LearnerQuestion) => Record<string, unknown>,
): Promise<string> {
  const started = await api(learner, `/api/courses/${courseId}/lessons/${lessonId}/quiz/attempts`, { method: "POST" });
  for (const question of started.questions as LearnerQuestion[])
    await api(learner, `/api/quiz-attempts/${started.id}/answers/${question.position}`, {
      method: "PUT",
      json: { session: started.session, sequence: question.position, response: answer(question) },
    });
  await api(learner, `/api/quiz-attempts/${started.id}/submit`, { method: "POST", json: { session: started.session } });
  return started.id as string;
}

async function expectNoAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test("an instructor creates a quiz lesson, sets it up from the banks, and the settings are kept", async ({ page }) => {
  test.setTimeout(180_000);
  const fixedBank = uniqueName("Capitals ");
  const poolBank = uniqueName("Pool ");
  const fixedBankId = await newBank(fixedBank);
  const poolBankId = await newBank(poolBank);
  const capital = await newQuestion(fixedBankId, choiceQuestion("Capital of France", "Paris", "Lyon"));
  await newQuestion(fixedBankId, choiceQuestion("Capital of Italy", "Rome", "Milan"));
  for (const n of [1, 2, 3])
    await newQuestion(poolBankId, { ...choiceQuestion(`Pool question ${n}`, "Yes", "No"), tags: ["week1"] });
  const course = await createCourse(tenant.id, {
    title: uniqueName("Geography "),
    instructorIds: [instructor.id],
    modules: [{ title: "Europe", lessons: [{ title: "Reading", kind: "text" }] }],
  });

  await signIn(page, tenant.subdomain, instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${course.id}?tab=outline`);
  await waitForShell(page);
  await page.getByRole("region", { name: "Europe" }).getByRole("button", { name: "Add lesson" }).click();
  const dialog = page.getByRole("dialog", { name: "Add lesson" });
  await expect(dialog.getByRole("button", { name: "Create lesson" })).toBeEnabled();
  await dialog.getByLabel("Lesson title").fill("Checkpoint");
  await dialog.getByRole("combobox", { name: "Lesson type" }).click();
  await page.getByRole("option", { name: "Quiz" }).click();
  await expect(dialog.getByText("set the quiz's questions and rules under Quiz settings")).toBeVisible();
  await dialog.getByRole("button", { name: "Create lesson" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("link", { name: "Quiz settings of Checkpoint" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/[0-9a-f-]{36}\/lessons\/[0-9a-f-]{36}\/quiz$/);
  const lessonId = page.url().split("/lessons/")[1]!.split("/")[0]!;
  await expect(page.getByRole("heading", { level: 1, name: "Quiz settings: Checkpoint" })).toBeVisible();
  const save = page.getByRole("button", { name: "Save quiz settings" });
  await expect(save).toBeEnabled();
  await expect(page.getByText("No questions yet.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Time limit (minutes)").fill("30");

  // A fixed question, picked from its bank by a search.
  await page.getByRole("button", { name: "Add question" }).click();
  const picker = page.getByRole("dialog", { name: "Add question" });
  await picker.getByRole("combobox", { name: "Question bank" }).click();
  await page.getByRole("option", { name: `${fixedBank} (2 questions)` }).click();
  await picker.getByLabel("Search questions").fill("France");
  await expect(picker.getByRole("listitem")).toHaveCount(1);
  await picker.getByRole("button", { name: "Add Capital of France" }).click();
  await expect(picker.getByRole("button", { name: "Capital of France is in the quiz" })).toBeDisabled();
  await expectNoAxeViolations(page);
  await picker.getByLabel("Search questions").fill("Italy");
  await picker.getByRole("button", { name: "Add Capital of Italy" }).click();
  await picker.getByRole("button", { name: "Done" }).click();

  // A random draw of 2 questions tagged week1.
  await page.getByRole("button", { name: "Add random draw" }).click();
  const draw = page.getByRole("dialog", { name: "Add random draw" });
  await draw.getByRole("combobox", { name: "Question bank" }).click();
  await page.getByRole("option", { name: `${poolBank} (3 questions)` }).click();
  await draw.getByLabel("Tags").fill("week1");
  await draw.getByLabel("Questions drawn").fill("2");
  await draw.getByRole("button", { name: "Add draw" }).click();
  await expect(draw).toBeHidden();

  const slots = page.getByRole("list", { name: "Questions of the quiz" }).getByRole("listitem");
  await expect(slots).toHaveCount(3);
  await page.getByRole("button", { name: "Remove 2. Capital of Italy" }).click();
  await expect(slots).toHaveCount(2);
  await expect(slots.nth(0)).toHaveAccessibleName("1. Capital of France");
  await expect(slots.nth(1)).toHaveAccessibleName(`2. Random draw from ${poolBank}`);

  // Reordered by keyboard: the draw's handle picked up with Space, moved up, dropped with Space.
  await page.getByRole("button", { name: `Drag 2. Random draw from ${poolBank}` }).focus();
  await page.keyboard.press("Space");
  const announced = page.locator('[id^="DndLiveRegion"]');
  await expect(announced).toContainText("picked up, place 2 of 2");
  await expect(async () => {
    await page.keyboard.press("ArrowUp");
    await expect(announced).toContainText("moved to place 1 of 2", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press("Space");
  await expect(slots.nth(0)).toHaveAccessibleName(`1. Random draw from ${poolBank}`);
  await expect(slots.nth(1)).toHaveAccessibleName("2. Capital of France");
  await slots.nth(1).getByLabel("Marks").fill("2");
  await expect(page.getByText("An attempt is worth 4 marks.")).toBeVisible();

  // A bad value is refused at its field, by the schema the route shares, before anything is sent.
  await page.getByLabel("Pass mark (%)").fill("150");
  await save.click();
  await expect(page.getByText("pass_mark_percent must be at most 100")).toBeVisible();
  await page.getByLabel("Pass mark (%)").fill("60");
  await save.click();
  await expect(page.getByText("Quiz settings saved")).toBeVisible();

  const stored = await api(instructor, `/api/courses/${course.id}/lessons/${lessonId}/quiz`);
  expect(stored).toMatchObject({
    time_limit_seconds: 1800,
    pass_mark_percent: 60,
    max_score: 4,
    slots: [
      {
        position: 1,
        kind: "random",
        bank_id: poolBankId,
        tags: ["week1"],
        count: 2,
        mark: 1,
        include_sub_banks: false,
      },
      { position: 2, kind: "fixed", question_id: capital, version: null, mark: 2 },
    ],
  });

  await page.reload();
  await expect(page.getByLabel("Time limit (minutes)")).toHaveValue("30");
  await expect(page.getByLabel("Pass mark (%)")).toHaveValue("60");
  await expect(slots).toHaveCount(2);
  await expect(slots.nth(0)).toHaveAccessibleName(`1. Random draw from ${poolBank}`);
  await expect(slots.nth(0).getByLabel("Questions drawn")).toHaveValue("2");
  await expect(slots.nth(0).getByLabel("Tags")).toHaveValue("week1");
  await expect(slots.nth(1)).toHaveAccessibleName("2. Capital of France");
  await expect(slots.nth(1).getByLabel("Marks")).toHaveValue("2");

  // An unsaved change asks before a link leaves the page; declining keeps it.
  await page.getByLabel("Time limit (minutes)").fill("45");
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Back to the course" }).click();
  await expect.poll(() => asked).toBe("You have unsaved changes. Leave this page and lose them?");
  await expect(page.getByLabel("Time limit (minutes)")).toHaveValue("45");
  await page.getByLabel("Time limit (minutes)").fill("30");

  // Regrading says what it does before doing it, then how many attempts it regraded (none yet).
  await page.getByRole("button", { name: "Regrade attempts" }).click();
  const regrade = page.getByRole("dialog", { name: 'Regrade the attempts of "Checkpoint"?' });
  await expect(regrade).toContainText("Marks a person gave by hand are kept");
  await regrade.getByLabel(/Move the attempts to the questions' current versions/).check();
  await regrade.getByRole("button", { name: "Regrade", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "0 attempts were regraded." })).toBeVisible();

  // The statistics page, linked from here: nothing graded yet.
  await page.getByRole("link", { name: "Statistics" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Statistics: Checkpoint" })).toBeVisible();
  await expect(page.getByText("No graded attempts yet.")).toBeVisible();
});

test("an essay waiting in the grading queue is graded and leaves the queue", async ({ page }) => {
  test.setTimeout(180_000);
  const learner = await createUser(tenant.id, "learner", { firstName: "Essa" });
  const bankId = await newBank(uniqueName("Essays "));
  const essay = await newQuestion(bankId, {
    type: "essay",
    name: "Why trees",
    stem: "<p>Why do trees matter?</p>",
    grader_info: "<p>Look for two reasons.</p>",
  });
  const choice = await newQuestion(bankId, choiceQuestion("Largest ocean", "Pacific", "Atlantic"));
  const course = await createCourse(tenant.id, {
    title: uniqueName("Ecology "),
    instructorIds: [instructor.id],
    modules: [{ lessons: [{ title: "Essay quiz", kind: "quiz" }] }],
  });
  await enroll(tenant.id, course.id, learner.id);
  const lessonId = course.lessons[0]!.id;
  await api(instructor, `/api/courses/${course.id}/lessons/${lessonId}/quiz`, {
    method: "PUT",
    json: {
      slots: [
        { kind: "fixed", question_id: essay, mark: 5 },
        { kind: "fixed", question_id: choice, mark: 1 },
      ],
    },
  });
  await takeQuiz(learner, course.id, lessonId, (q) =>
    q.question.type === "essay" ? { text: "Shade and oxygen." } : { choice_id: "right" },
  );

  await signIn(page, tenant.subdomain, instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${course.id}`);
  await page.getByRole("link", { name: "Grading queue (1)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grading queue" })).toBeVisible();
  const queue = page.getByRole("table", { name: "Attempts waiting for grading" });
  await expect(queue.getByRole("row")).toHaveCount(2);
  await expect(queue.getByRole("row").nth(1)).toContainText("Essa Tester");
  await expectNoAxeViolations(page);

  await queue.getByRole("link", { name: "Grade Essa Tester's attempt 1 at Essay quiz" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Essa Tester: Essay quiz, attempt 1" })).toBeVisible();
  const essayCard = page.getByRole("region", { name: "Question 1: Why trees" });
  await expect(essayCard.getByRole("group", { name: "Answer to question 1" })).toHaveText("Shade and oxygen.");
  await expect(essayCard).toContainText("Look for two reasons.");
  await expect(essayCard).toContainText("Waiting for a grade");
  const choiceCard = page.getByRole("region", { name: "Question 2: Largest ocean" });
  await expect(choiceCard).toContainText("Graded automatically: 1");
  await expect(choiceCard.getByRole("group", { name: "Answer to question 2" })).toHaveText("Pacific");
  await expect(page.getByText("Score so far: 1 of 6")).toBeVisible();
  await expectNoAxeViolations(page);

  const grade = essayCard.getByRole("form", { name: "Grade question 1" });
  await expect(grade.getByRole("button", { name: "Save grade" })).toBeEnabled();
  await grade.getByLabel("Marks (out of 5)").fill("6");
  await grade.getByRole("button", { name: "Save grade" }).click();
  await expect(grade.getByText("This question is worth at most 5")).toBeVisible();
  await grade.getByLabel("Marks (out of 5)").fill("4");
  await grade.getByLabel("Comment for the learner").fill("Two good reasons.");
  await grade.getByRole("button", { name: "Save grade" }).click();
  await expect(page.getByText("All answers are graded: the attempt has left the grading queue.")).toBeVisible();
  await expect(page.getByText("Score: 5 of 6")).toBeVisible();
  await expect(essayCard).toContainText("Graded by a person: 4");

  // An automatic grade can be overridden from here too.
  await choiceCard.getByRole("button", { name: "Override the grade of question 2" }).click();
  await choiceCard.getByLabel("Marks (out of 1)").fill("0.5");
  await choiceCard.getByRole("button", { name: "Save override" }).click();
  await expect(choiceCard).toContainText("Graded by a person: 0.5");
  await expect(page.getByText("Score: 4.5 of 6")).toBeVisible();

  await page.getByRole("link", { name: "Back to the queue" }).click();
  await expect(page.getByText("Nothing to grade: no submitted attempt is waiting for a person.")).toBeVisible();
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${course.id}`);
  await expect(page.getByRole("link", { name: "Grading queue (0)" })).toBeVisible();
});

test("the statistics page shows each question's figures for the graded attempts", async ({ page }) => {
  test.setTimeout(180_000);
  const bankId = await newBank(uniqueName("Stats "));
  const first = await newQuestion(bankId, choiceQuestion("First question", "Paris", "Lyon"));
  const second = await newQuestion(bankId, choiceQuestion("Second question", "Rome", "Milan"));
  const learners = await Promise.all([1, 2, 3].map(() => createUser(tenant.id, "learner")));
  const course = await createCourse(tenant.id, {
    instructorIds: [instructor.id],
    modules: [{ lessons: [{ title: "Measured quiz", kind: "quiz" }] }],
  });
  const lessonId = course.lessons[0]!.id;
  for (const learner of learners) await enroll(tenant.id, course.id, learner.id);
  await api(instructor, `/api/courses/${course.id}/lessons/${lessonId}/quiz`, {
    method: "PUT",
    json: {
      slots: [
        { kind: "fixed", question_id: first, mark: 1 },
        { kind: "fixed", question_id: second, mark: 1 },
      ],
    },
  });
  // Right (1) or wrong (0) per learner: first [1, 0, 1], second [1, 1, 0]; scores 2, 1, 1 of 2.
  const answers = [
    { first: "right", second: "right" },
    { first: "wrong", second: "right" },
    { first: "right", second: "wrong" },
  ];
  for (const [i, learner] of learners.entries())
    await takeQuiz(learner, course.id, lessonId, (q) => ({
      choice_id: q.question.stem.includes("First") ? answers[i]!.first : answers[i]!.second,
    }));

  await signIn(page, tenant.subdomain, instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${course.id}/lessons/${lessonId}/quiz/statistics`);
  await expect(page.getByRole("heading", { level: 1, name: "Statistics: Measured quiz" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Graded attempts" })).toContainText("3");
  // Mean of 2/2, 1/2, 1/2 = 66.67%.
  await expect(page.getByRole("group", { name: "Mean score" })).toContainText("66.67%");

  // Each question: facility 2 of 3 = 66.67%; SD of [1, 0, 1] (sample) = √(1/3) = 57.74%; discrimination:
  // the correlation of [1, 0, 1] with the rest of the score [1, 1, 0] = −0.5, so −50.00% (and the same
  // for the second question, its marks [1, 1, 0] against the rest [1, 0, 1]).
  const grid = page.getByRole("grid", { name: "Question statistics" });
  for (const name of ["First question", "Second question"]) {
    const row = grid.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("66.67%");
    await expect(row).toContainText("57.74%");
    await expect(row).toContainText("-50.00%");
  }
  const options = page.getByRole("grid", { name: "Options chosen" });
  await expect(options.getByRole("row").filter({ hasText: "Paris" })).toContainText("66.67%");
  await expect(options.getByRole("row").filter({ hasText: "Lyon" })).toContainText("33.33%");
  await expect(options.getByRole("row").filter({ hasText: "Milan" })).toContainText("33.33%");
  await expectNoAxeViolations(page);

  // The same figures as a CSV, through the app's CSV writer.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(csv[0]).toBe("Place,Question,Type,Attempts,Answered,Facility %,SD %,Discrimination %,Options chosen");
  expect(csv[1]).toBe("1,First question,single_choice,3,3,66.67,57.74,-50,Paris: 2 (66.67%); Lyon: 1 (33.33%)");
  expect(csv[2]).toBe("2,Second question,single_choice,3,3,66.67,57.74,-50,Rome: 2 (66.67%); Milan: 1 (33.33%)");
});
