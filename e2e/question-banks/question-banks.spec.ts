import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createCourse } from "@/test/course-factories";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { seriousAxeViolations } from "../accessibility";
import { origin, signIn } from "../support";

// An instructor (questions:manage: the banks they create) reaches the question banks from Course Management,
// makes a bank and a sub-bank, writes a single-choice and a numeric question, edits one (version 2), and
// imports a Moodle XML file and a GIFT file, each with a question the dry run refuses; the categories become
// sub-banks. The banks page and a bank's page pass axe.

const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/questions");

let tenant: TestTenant;
/** An empty bank of the org admin's that a quiz's random slot draws from. */
let drawnBank: string;
test.beforeAll(async () => {
  tenant = await createTenant();
  drawnBank = uniqueName("Drawn from ");
  const db = testDb();
  const organizationId = tenant.id;
  const bank = await db.questionBank.create({
    data: { organizationId, name: drawnBank, createdById: tenant.users.org_admin.id },
  });
  const course = await createCourse(organizationId, { modules: [{ lessons: [{ kind: "quiz" }] }] });
  const quiz = await db.quiz.create({ data: { organizationId, courseId: course.id, lessonId: course.lessons[0]!.id } });
  await db.quizSlot.create({
    data: { organizationId, quizId: quiz.id, position: 1, kind: "random", bankId: bank.id, drawCount: 1 },
  });
});

async function openBank(page: Page, name: string): Promise<void> {
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function writeQuestion(
  page: Page,
  type: string | null,
  name: string,
  stem: string,
  fill: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole("button", { name: "New question" }).click();
  const dialog = page.getByRole("dialog", { name: "New question" });
  if (type) {
    await dialog.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: type }).click();
  }
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("textbox", { name: "Question text" }).click();
  await page.keyboard.type(stem);
  await fill(dialog);
  return dialog;
}

async function importFile(page: Page, file: string) {
  await page.getByRole("button", { name: "Import questions" }).click();
  const dialog = page.getByRole("dialog", { name: /^Import questions into/ });
  await dialog.getByLabel("Question file").setInputFiles(path.join(FIXTURES, file));
  await expect(dialog.getByRole("region", { name: "Dry run report" })).toBeVisible({ timeout: 30_000 });
  return dialog;
}

test("an instructor makes banks, writes and edits questions, and imports Moodle XML and GIFT files", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses`);
  await page.getByRole("link", { name: "Question banks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Question banks" })).toBeVisible();
  await expect(page.getByText("No question banks yet")).toBeVisible();

  // A bank, then a sub-bank made from its page.
  const bankName = uniqueName("Geography ");
  await page.getByRole("button", { name: "New bank" }).click();
  const create = page.getByRole("dialog", { name: "New question bank" });
  await create.getByLabel("Name").fill(bankName);
  await create.getByLabel("Description").fill("Places and capitals");
  await create.getByRole("button", { name: "Create bank" }).click();
  await expect(create).toBeHidden();
  await openBank(page, bankName);
  await page.getByRole("button", { name: "New sub-bank" }).click();
  const sub = page.getByRole("dialog", { name: "New question bank" });
  await expect(sub.getByRole("combobox", { name: "Inside" })).toHaveText(bankName);
  await sub.getByLabel("Name").fill("Week 1");
  await sub.getByRole("button", { name: "Create bank" }).click();
  await expect(page.getByRole("list", { name: "Sub-banks" }).getByRole("listitem")).toHaveText(["Week 10 questions"]);

  // A single-choice question.
  const single = await writeQuestion(
    page,
    null,
    "Capital of France",
    "What is the capital of France?",
    async (dialog) => {
      await dialog.getByLabel("Choice 1", { exact: true }).fill("Paris");
      await dialog.getByLabel("Choice 2", { exact: true }).fill("Lyon");
      await dialog.getByLabel("Tags").fill("europe");
      await dialog.getByLabel("Tags").press("Enter");
    },
  );
  await single.getByRole("button", { name: "Create question" }).click();
  await expect(single).toBeHidden();
  const grid = page.getByRole("grid", { name: "Questions" });
  await expect(grid.getByRole("row").filter({ hasText: "Capital of France" })).toContainText("Single choice");

  // A numeric one: without a value the schema's message shows at the answer; with one it is created.
  const numeric = await writeQuestion(
    page,
    "Numeric",
    "Boiling point",
    "At how many °C does water boil?",
    async (dialog) => {
      await dialog.getByRole("button", { name: "Create question" }).click();
      await expect(
        dialog.getByText("An answer is either a value (with a tolerance) or a range (min and max)"),
      ).toBeVisible();
      await dialog.getByLabel("Answer 1 value").fill("100");
      await dialog.getByLabel("Answer 1 tolerance").fill("0.5");
      await dialog.getByRole("button", { name: "Add unit" }).click();
      await dialog.getByLabel("Unit 1", { exact: true }).fill("°C");
    },
  );
  await numeric.getByRole("button", { name: "Create question" }).click();
  await expect(numeric).toBeHidden();
  await expect(grid.getByRole("row").filter({ hasText: "Boiling point" })).toContainText("Numeric");

  // Filters: by type, by tag.
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Numeric" }).click();
  await expect(grid.getByRole("row").filter({ hasText: /Boiling point|Capital of France/ })).toHaveCount(1);
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "All types" }).click();
  await page.getByRole("searchbox", { name: "Tags" }).fill("europe");
  await expect(grid.getByRole("row").filter({ hasText: "Boiling point" })).toHaveCount(0);
  await expect(grid.getByRole("row").filter({ hasText: "Capital of France" })).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Tags" }).fill("");

  // An edit makes version 2; version 1 stays readable.
  await grid.getByRole("button", { name: "Edit Capital of France" }).click();
  const edit = page.getByRole("dialog", { name: /^Edit 'Capital of France'/ });
  await expect(edit.getByLabel("Choice 1", { exact: true })).toHaveValue("Paris");
  await edit.getByLabel("Name").fill("Capital city of France");
  await edit.getByRole("button", { name: "Save as new version" }).click();
  await expect(edit).toBeHidden();
  const edited = grid.getByRole("row").filter({ hasText: "Capital city of France" });
  await expect(edited).toContainText("v2");
  await edited.getByRole("button", { name: "Versions of Capital city of France" }).click();
  const versions = page.getByRole("dialog", { name: "Versions of 'Capital city of France'" });
  await expect(versions.getByRole("list", { name: "Versions" }).getByRole("button")).toHaveText([
    /^Version 2 \(current\)/,
    /^Version 1/,
  ]);
  await versions.getByRole("button", { name: /^Version 1/ }).click();
  await expect(
    versions.getByRole("region", { name: "Version 1" }).getByRole("heading", { name: "Capital of France" }),
  ).toBeVisible();
  await versions.getByRole("button", { name: "Close" }).click();

  // Moodle XML: three questions in two categories, and a calculated question refused.
  const xml = await importFile(page, "e2e-small.xml");
  await expect(xml.getByText("3 questions will be created")).toBeVisible();
  await expect(xml.getByRole("table", { name: "Questions by type" }).getByRole("row")).toHaveText([
    "Single choice1",
    "True/false1",
    "Short answer1",
  ]);
  await expect(xml.getByRole("list", { name: "Sub-banks to create" }).getByRole("listitem")).toHaveText([
    `${bankName} / Capitals`,
    `${bankName} / Rivers`,
  ]);
  await expect(xml.getByRole("list", { name: "Refused questions" }).getByRole("listitem")).toHaveText([
    "Line 58: Circle areaMoodle's calculated questions are not supported",
  ]);
  await xml.getByRole("button", { name: "Import", exact: true }).click();
  await expect(xml.getByTestId("question-import-result")).toHaveText("Imported 3 questions and created 2 sub-banks.", {
    timeout: 30_000,
  });

  // GIFT into the same bank: two questions in a category, a text without answers refused.
  await xml.getByRole("button", { name: "Import another file" }).click();
  await xml.getByLabel("Question file").setInputFiles(path.join(FIXTURES, "e2e-small.gift"));
  await expect(xml.getByText("2 questions will be created")).toBeVisible({ timeout: 30_000 });
  await expect(xml.getByRole("list", { name: "Refused questions" }).getByRole("listitem")).toHaveText([
    "Line 9: WelcomeIt has no answers ({…}): a description, with nothing to answer, is not imported",
  ]);
  await xml.getByRole("button", { name: "Import", exact: true }).click();
  await expect(xml.getByTestId("question-import-result")).toHaveText("Imported 2 questions and created 1 sub-bank.", {
    timeout: 30_000,
  });
  await xml.getByRole("button", { name: "Close" }).click();

  // The categories are sub-banks holding their questions.
  await expect(page.getByRole("list", { name: "Sub-banks" }).getByRole("listitem")).toHaveText([
    "Arithmetic2 questions",
    "Capitals2 questions",
    "Rivers1 question",
    "Week 10 questions",
  ]);
  await openBank(page, "Capitals");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(bankName);
  const capitals = page.getByRole("grid", { name: "Questions" });
  await expect(capitals.getByRole("row").filter({ hasText: "Capital of Italy" })).toContainText("Single choice");
  await expect(capitals.getByRole("row").filter({ hasText: "Madrid is in Spain" })).toContainText("True/false");

  // The banks page: the tree with counts; a bank holding questions is not deleted, and says why.
  await page.getByRole("link", { name: "Question banks" }).click();
  const tree = page.getByRole("list", { name: `Sub-banks of ${bankName}` });
  await expect(tree.getByRole("link")).toHaveText(["Arithmetic", "Capitals", "Rivers", "Week 1"]);
  await page.getByRole("button", { name: `Actions for ${bankName}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const refuse = page.getByRole("dialog", { name: `Delete the bank '${bankName}'?` });
  await refuse.getByRole("button", { name: "Delete" }).click();
  await expect(refuse.getByRole("alert")).toHaveText(
    `The bank '${bankName}' is not empty: it holds 2 question(s) and 4 bank(s). Move or delete them first (archived questions count too).`,
  );
  await refuse.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Actions for Week 1" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete the bank 'Week 1'?" }).getByRole("button", { name: "Delete" }).click();
  await expect(tree.getByRole("link")).toHaveText(["Arithmetic", "Capitals", "Rivers"]);
});

test("an org admin manages every bank, is told why a bank a quiz draws from stays, and axe passes both pages", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/question-banks`);
  await page.getByRole("button", { name: `Actions for ${drawnBank}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const refuse = page.getByRole("dialog", { name: `Delete the bank '${drawnBank}'?` });
  await refuse.getByRole("button", { name: "Delete" }).click();
  await expect(refuse.getByRole("alert")).toHaveText(
    `The bank '${drawnBank}' is drawn from by 1 random question slot(s) of quizzes: change those quizzes first.`,
  );
  await refuse.getByRole("button", { name: "Cancel" }).click();
  await page.waitForLoadState("networkidle");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await openBank(page, drawnBank);
  await expect(page.getByRole("grid", { name: "Questions" })).toContainText(
    "No questions yet: write one or import a file",
  );
  await page.waitForLoadState("networkidle");
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the editor shows the schema's messages at their fields: a gap missing from the stem, an answer as a distractor", async ({
  page,
}) => {
  const bankName = uniqueName("Editor ");
  const bank = await testDb().questionBank.create({
    data: { organizationId: tenant.id, name: bankName, createdById: tenant.users.org_admin.id },
  });
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/question-banks/${bank.id}`);
  const grid = page.getByRole("grid", { name: "Questions" });

  const blanks = await writeQuestion(
    page,
    "Fill in the blanks",
    "Eiffel tower",
    "It stands in Paris.",
    async (dialog) => {
      await dialog.getByRole("combobox", { name: "Gap 1 kind" }).click();
      await page.getByRole("option", { name: "Choice" }).click();
      await dialog.getByLabel("Choice 1", { exact: true }).fill("1889");
      await dialog.getByLabel("Choice 2", { exact: true }).fill("1900");
      await dialog.getByRole("button", { name: "Create question" }).click();
      await expect(
        dialog.getByText("The stem must hold the gap [[gap1]] exactly once (it holds it 0 times)"),
      ).toBeVisible();
      await dialog.getByRole("textbox", { name: "Question text" }).click();
      await page.keyboard.press("End");
      await page.keyboard.type(" It was built in [[gap1]].");
    },
  );
  await blanks.getByRole("button", { name: "Create question" }).click();
  await expect(blanks).toBeHidden();
  await expect(grid.getByRole("row").filter({ hasText: "Eiffel tower" })).toContainText("Fill in the blanks");

  const matching = await writeQuestion(
    page,
    "Matching",
    "Capitals",
    "Match each country with its capital.",
    async (dialog) => {
      await dialog.getByLabel("Pair 1 prompt").fill("France");
      await dialog.getByLabel("Pair 1 answer").fill("Paris");
      await dialog.getByLabel("Pair 2 prompt").fill("Italy");
      await dialog.getByLabel("Pair 2 answer").fill("Rome");
      await dialog.getByLabel("Distractors").fill("Paris");
      await dialog.getByLabel("Distractors").press("Enter");
      await dialog.getByRole("button", { name: "Create question" }).click();
      await expect(dialog.getByText("'Paris' is a pair's answer, not a distractor")).toBeVisible();
      await dialog.getByLabel("Distractors").press("Backspace");
      await dialog.getByLabel("Distractors").fill("Lyon");
      await dialog.getByLabel("Distractors").press("Enter");
    },
  );
  await matching.getByRole("button", { name: "Create question" }).click();
  await expect(matching).toBeHidden();
  await expect(grid.getByRole("row").filter({ hasText: "Capitals" })).toContainText("Matching");

  // The bank renamed from its own page.
  await page.getByRole("button", { name: "Edit bank" }).click();
  const edit = page.getByRole("dialog", { name: `Edit bank '${bankName}'` });
  await edit.getByLabel("Name").fill(`${bankName} (renamed)`);
  await edit.getByRole("button", { name: "Save bank" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${bankName} (renamed)` })).toBeVisible();
});
