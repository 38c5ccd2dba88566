import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { createQuestion, createQuestionBank, createQuizLesson, type TestQuizLesson } from "@/test/quiz-factories";
import { seriousAxeViolations } from "../accessibility";
import { origin, signIn } from "../support";

// The learner's quiz player (docs/assessments.md "The player"): every answer saved as it is given, kept
// through a reload and an offline spell, the server's clock, one window per attempt, and nothing of the
// right answers in what the page receives before submission.

test.slow();

/** Written into feedback only: it must not reach the page before submission. */
const SECRET = "FEEDBACKSECRETMARK";

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

async function quizWithEveryKind(settings: Record<string, unknown>): Promise<TestQuizLesson> {
  const author = tenant.users.instructor;
  const bank = await createQuestionBank(tenant, author);
  const pool = await createQuestionBank(tenant, author);
  const q = (content: Record<string, unknown>) => createQuestion(tenant, author, bank, content);
  const capital = await q({
    type: "single_choice",
    stem: "<p>Capital of France?</p>",
    general_feedback: `<p>${SECRET} general</p>`,
    choices: [
      { id: "paris", text: "Paris", fraction: 1, feedback: `<p>${SECRET} right</p>` },
      { id: "lyon", text: "Lyon", fraction: 0, feedback: `<p>${SECRET} wrong</p>` },
    ],
  });
  const primes = await q({
    type: "multiple_response",
    stem: "<p>Which are prime?</p>",
    choices: [
      { id: "two", text: "2", fraction: 0.5 },
      { id: "three", text: "3", fraction: 0.5 },
      { id: "four", text: "4", fraction: -1 },
    ],
  });
  const sodium = await q({
    type: "short_answer",
    stem: "<p>Symbol of sodium?</p>",
    answers: [{ text: "Na", fraction: 1, feedback: `${SECRET} symbol` }],
  });
  const length = await q({
    type: "numeric",
    stem: "<p>How long is the rod?</p>",
    answers: [{ value: 1.5, tolerance: 0.01, fraction: 1 }],
    units: [
      { unit: "m", multiplier: 1 },
      { unit: "cm", multiplier: 100 },
    ],
  });
  const sizes = await q({
    type: "ordering",
    stem: "<p>Smallest first</p>",
    items: [{ text: "Atom" }, { text: "Cell" }, { text: "Planet" }],
  });
  const tower = await q({
    type: "fill_in_blanks",
    stem: "<p>Built in [[year]] in [[city]].</p>",
    gaps: [
      { id: "year", type: "numeric", answers: [{ value: 1889, fraction: 1 }] },
      {
        id: "city",
        type: "choice",
        choices: [
          { text: "Paris", fraction: 1 },
          { text: "Rome", fraction: 0 },
        ],
      },
    ],
  });
  // The random draw: one of two questions, both true.
  for (const stem of ["<p>Water is wet.</p>", "<p>Fire is hot.</p>"])
    await createQuestion(tenant, author, pool, { type: "true_false", stem, correct: true, tags: ["draw"] });
  return createQuizLesson(tenant, {
    max_attempts: 2,
    pass_mark_percent: 50,
    questions_per_page: 3,
    review: { marks: "after_submission", correct_answers: "after_submission", feedback: "after_submission" },
    ...settings,
    slots: [
      ...[capital, primes, sodium, length, sizes, tower].map((id) => ({ kind: "fixed", question_id: id })),
      { kind: "random", bank_id: pool, tags: ["draw"], count: 1 },
    ],
  });
}

const question = (page: Page, n: number) => page.getByRole("region", { name: `Question ${n}` });
const allSaved = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();

/** The seconds the countdown shows ("Time left: 9:41" → 581). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole("timer", { name: "Time left" }).textContent()) ?? "";
  const [m, s] = text.replace("Time left: ", "").split(":").map(Number);
  return m! * 60 + s!;
}

/** Puts the ordering question's items in `order` with its Move buttons. */
async function orderItems(region: Locator, order: string[]): Promise<void> {
  for (let target = 0; target < order.length; target++) {
    const items = async () =>
      (await region.getByRole("listitem").allTextContents()).map((t) => t.replace(/^\d+\./, ""));
    let at = (await items()).findIndex((t) => t.startsWith(order[target]!));
    while (at > target) {
      await region.getByRole("button", { name: `Move ${order[target]} up` }).click();
      await expect.poll(async () => (await items()).findIndex((t) => t.startsWith(order[target]!))).toBe(at - 1);
      at -= 1;
    }
  }
}

test("a learner takes a quiz: answers kept through a reload and offline, the clock goes on, then the score", async ({
  page,
}) => {
  const quiz = await quizWithEveryKind({ time_limit_seconds: 600 });
  const learner = tenant.users.learner;
  await signIn(page, tenant.subdomain, learner);
  const payloads: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/") && response.request().method() !== "OPTIONS")
      void response.text().then(
        (text) => payloads.push(text),
        () => undefined,
      );
  });
  const document = await page.goto(`${origin(tenant.subdomain)}${quiz.lessonPath}`);
  payloads.push((await document?.text()) ?? "");

  await expect(page.getByText("Time limit: 10 minutes")).toBeVisible();
  await expect(page.getByText("Attempts: 0 of 2 used")).toBeVisible();
  await expect(page.getByText("Pass mark: 50%")).toBeVisible();
  await page.getByRole("button", { name: "Start attempt" }).click();

  await question(page, 1).getByRole("radio", { name: "Paris" }).check();
  await question(page, 2).getByRole("checkbox", { name: "2" }).check();
  await question(page, 2).getByRole("checkbox", { name: "3" }).check();
  await question(page, 3).getByRole("textbox", { name: "Your answer" }).fill("Na");
  await allSaved(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  const before = await secondsLeft(page);
  expect(before).toBeLessThanOrEqual(600);

  // A reload resumes the attempt: the answers are there, the countdown goes on from the server's deadline.
  await page.waitForTimeout(2_000);
  await page.reload();
  await expect(question(page, 1).getByRole("radio", { name: "Paris" })).toBeChecked();
  await expect(question(page, 2).getByRole("checkbox", { name: "3" })).toBeChecked();
  await expect(question(page, 3).getByRole("textbox", { name: "Your answer" })).toHaveValue("Na");
  const after = await secondsLeft(page);
  expect(after).toBeLessThan(before);
  expect(after).toBeGreaterThan(540);

  // Offline: the answer is queued on this device, and sent once the connection is back.
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.context().setOffline(true);
  await question(page, 4).getByRole("textbox", { name: "Your answer" }).fill("150");
  await question(page, 4).getByRole("combobox", { name: "Unit" }).selectOption("cm");
  await expect(page.getByRole("status").filter({ hasText: "Answers queued on this device" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved yet" })).toBeVisible();
  const attempt = await testDb().quizAttempt.findFirstOrThrow({ where: { organizationId: tenant.id } });
  expect(await page.evaluate((key) => localStorage.getItem(key), `lms.quiz.answers.${attempt.id}`)).toContain("150 cm");
  await page.context().setOffline(false);
  await allSaved(page);
  const saved = await testDb().quizAnswer.findFirst({
    where: { organizationId: tenant.id, attemptQuestion: { attemptId: attempt.id, position: 4 } },
  });
  expect(saved?.response).toEqual({ text: "150 cm" });

  await orderItems(question(page, 5), ["Atom", "Cell", "Planet"]);
  await question(page, 6).getByRole("textbox", { name: "Blank 1" }).fill("1889");
  await question(page, 6).getByRole("combobox", { name: "Blank 2" }).selectOption("Paris");
  await page.getByRole("button", { name: "Page 3" }).click();
  await question(page, 7).getByRole("radio", { name: "True" }).check();
  await allSaved(page);

  // Nothing the page received so far holds a right answer or a feedback.
  for (const text of payloads) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('"fraction"');
    expect(text).not.toContain('"correct_answer"');
  }

  await page.getByRole("button", { name: "Submit answers" }).click();
  const dialog = page.getByRole("dialog", { name: "Submit your answers?" });
  await expect(dialog).toContainText("Every question is answered.");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Attempt 1 submitted" })).toBeVisible();
  await expect(page.getByText("Your score: 7 out of 7 (100%)")).toBeVisible();
  await expect(question(page, 1)).toContainText(`${SECRET} right`);
  await expect(question(page, 1)).toContainText("1 out of 1 mark");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Back to the quiz" }).click();
  await expect(page.getByText("Your score for this quiz: 100%")).toBeVisible();
  await expect(page.getByRole("button", { name: "Start another attempt" })).toBeEnabled();
});

test("an unanswered question is named before submitting; a start past the attempt limit shows the server's refusal", async ({
  page,
}) => {
  const quiz = await quizWithEveryKind({ max_attempts: 1 });
  const learner = tenant.users.learner;
  await signIn(page, tenant.subdomain, learner);
  await page.goto(`${origin(tenant.subdomain)}${quiz.lessonPath}`);
  await page.getByRole("button", { name: "Start attempt" }).click();
  await question(page, 1).getByRole("radio", { name: "Lyon" }).check();
  await allSaved(page);
  await page.getByRole("button", { name: "Submit answers" }).click();
  const dialog = page.getByRole("dialog", { name: "Submit your answers?" });
  await expect(dialog).toContainText("6 of 7 questions are not answered.");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your score: 0 out of 7 (0%)")).toBeVisible();
  await page.getByRole("button", { name: "Back to the quiz" }).click();
  await expect(page.getByText("Attempts: 1 of 1 used")).toBeVisible();
  await page.getByRole("button", { name: "Start another attempt" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You have used" })).toHaveText(
    "You have used all 1 attempt this quiz allows",
  );
});

test("a quiz not open yet: its opening time, and the server's refusal to start", async ({ page }) => {
  const opensAt = new Date(Date.now() + 86_400_000).toISOString();
  const quiz = await quizWithEveryKind({ opens_at: opensAt });
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}${quiz.lessonPath}`);
  await expect(page.getByText(/^Opens /)).toBeVisible();
  await page.getByRole("button", { name: "Start attempt" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This quiz opens" })).toHaveText(
    `This quiz opens at ${opensAt}`,
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
});

async function learnerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, tenant.subdomain, tenant.users.learner);
  return page;
}

const REPLACED = "This attempt was opened in another window";

test("a second window on the attempt replaces the first, which stops saving and can take it back", async ({
  browser,
}) => {
  const quiz = await quizWithEveryKind({});
  const url = `${origin(tenant.subdomain)}${quiz.lessonPath}`;
  const deviceA = await learnerPage(browser);
  await deviceA.goto(url);
  await deviceA.getByRole("button", { name: "Start attempt" }).click();
  await question(deviceA, 1).getByRole("radio", { name: "Lyon" }).check();
  await allSaved(deviceA);

  // Another device resumes the attempt; A's next save is refused and A says why.
  const deviceB = await learnerPage(browser);
  await deviceB.goto(url);
  await expect(question(deviceB, 1).getByRole("radio", { name: "Lyon" })).toBeChecked();
  // A click, not check(): the refusal may take the question away before a check could see it checked.
  await question(deviceA, 1).getByRole("radio", { name: "Paris" }).click();
  await expect(deviceA.getByText(REPLACED)).toBeVisible();
  await expect(deviceA.getByRole("region", { name: "Question 1" })).toHaveCount(0);
  const attempt = await testDb().quizAttempt.findFirstOrThrow({
    where: { organizationId: tenant.id, quiz: { lessonId: quiz.lessonId } },
  });
  const answer = () =>
    testDb().quizAnswer.findFirst({ where: { attemptQuestion: { attemptId: attempt.id, position: 1 } } });
  expect((await answer())?.response).toEqual({ choice_id: "lyon" });

  // A takes it back: B, a tab of the same browser as A next, is told at once.
  await deviceA.getByRole("button", { name: "Continue here instead" }).click();
  await expect(question(deviceA, 1).getByRole("radio", { name: "Lyon" })).toBeChecked();
  const tabA2 = await deviceA.context().newPage();
  await tabA2.goto(url);
  await expect(question(tabA2, 1)).toBeVisible();
  await expect(deviceA.getByText(REPLACED)).toBeVisible();
  expect(await seriousAxeViolations(deviceA)).toEqual([]);
  await question(tabA2, 1).getByRole("radio", { name: "Paris" }).check();
  await allSaved(tabA2);
  expect((await answer())?.response).toEqual({ choice_id: "paris" });
  await deviceA.context().close();
  await deviceB.context().close();
});

test("at the time limit the player sends what it holds and shows the submitted attempt", async ({ page }) => {
  const quiz = await quizWithEveryKind({ time_limit_seconds: 12 });
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}${quiz.lessonPath}`);
  await page.getByRole("button", { name: "Start attempt" }).click();
  await question(page, 1).getByRole("radio", { name: "Paris" }).check();
  await expect(page.getByRole("heading", { name: "Attempt 1 submitted" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Your score: 1 out of 7")).toBeVisible();
});

test("a quiz showing feedback immediately: Check shows the right answer and feedback, and the answer stays", async ({
  page,
}) => {
  const quiz = await quizWithEveryKind({
    review: { marks: "immediately", correct_answers: "immediately", feedback: "immediately" },
  });
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}${quiz.lessonPath}`);
  await page.getByRole("button", { name: "Start attempt" }).click();
  const first = question(page, 1);
  await expect(first.getByRole("button", { name: "Check" })).toBeDisabled();
  await first.getByRole("radio", { name: "Lyon" }).check();
  await first.getByRole("button", { name: "Check" }).click();
  await expect(first.getByText("Right answer: Paris")).toBeVisible();
  await expect(first.getByText(`${SECRET} wrong`)).toBeVisible();
  await expect(first.getByText(`${SECRET} general`)).toBeVisible();
  await expect(first.getByText("0 out of 1 mark")).toBeVisible();
  await expect(first.getByRole("radio", { name: "Paris" })).toBeDisabled();
  // Question 2 is not checked: nothing of its review is on the page.
  await expect(question(page, 2).getByText("Right answer")).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // After a reload the checked question still shows its review and still takes no answer.
  await page.reload();
  await expect(first.getByText("Right answer: Paris")).toBeVisible();
  await expect(first.getByRole("radio", { name: "Lyon" })).toBeChecked();
  await expect(first.getByRole("radio", { name: "Lyon" })).toBeDisabled();
  const answer = await testDb().quizAnswer.findFirstOrThrow({
    where: {
      organizationId: tenant.id,
      attemptQuestion: { position: 1, attempt: { quiz: { lessonId: quiz.lessonId } } },
    },
  });
  expect(answer.response).toEqual({ choice_id: "lyon" });
  expect(answer.checkedAt).not.toBeNull();
});
