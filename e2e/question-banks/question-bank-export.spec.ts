import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { origin, signIn } from "../support";

// An instructor opens a bank with a sub-bank, picks Export → Moodle XML and Export → GIFT, and the browser
// downloads each file: the questions, the sub-bank as a category, and in GIFT the ordering question named
// at the top as skipped.

let tenant: TestTenant;
let bankId: string;
let bankName: string;
test.beforeAll(async () => {
  tenant = await createTenant();
  const db = testDb();
  const organizationId = tenant.id;
  const createdById = tenant.users.instructor.id;
  bankName = uniqueName("Export ");
  const bank = await db.questionBank.create({ data: { organizationId, name: bankName, createdById } });
  const sub = await db.questionBank.create({ data: { organizationId, name: "Acids", parentId: bank.id, createdById } });
  bankId = bank.id;
  const add = async (inBank: string, type: "true_false" | "ordering", name: string, body: object) => {
    const question = await db.question.create({ data: { organizationId, bankId: inBank, type, name, createdById } });
    await db.questionVersion.create({
      data: { organizationId, questionId: question.id, version: 1, type, name, stem: `<p>${name}?</p>`, body },
    });
  };
  await add(bank.id, "true_false", "Water is wet", { correct: true, feedback_true: "<p>Yes</p>", feedback_false: "" });
  await add(sub.id, "ordering", "Sizes", {
    items: [
      { id: "i1", text: "Atom" },
      { id: "i2", text: "Cell" },
    ],
    grading: "all_or_nothing",
  });
});

async function exportAs(page: Page, format: string): Promise<{ name: string; text: string }> {
  await page.getByRole("button", { name: "Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: new RegExp(format) }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, "utf8") };
}

test("Export downloads the bank as Moodle XML and as GIFT", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/question-banks/${bankId}`);
  await expect(page.getByRole("heading", { level: 1, name: bankName })).toBeVisible();

  const xml = await exportAs(page, "Moodle XML");
  expect(xml.name).toMatch(/^export-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.xml$/);
  expect(xml.text).toContain(`<text>$course$/top/${bankName}</text>`);
  expect(xml.text).toContain(`<text>$course$/top/${bankName}/Acids</text>`);
  expect(xml.text).toContain('<question type="truefalse">');
  expect(xml.text).toContain('<question type="ordering">');

  const gift = await exportAs(page, "GIFT");
  expect(gift.name).toMatch(/\.gift$/);
  expect(gift.text.split("\n").slice(0, 2)).toEqual([
    "// Skipped 1 question(s) this format cannot hold:",
    `// - 'Sizes' (${bankName} / Acids): GIFT has no ordering questions`,
  ]);
  expect(gift.text).toContain("::Water is wet::[html]<p>Water is wet?</p>{\n\tTRUE##<p>Yes</p>\n}\n");
});
