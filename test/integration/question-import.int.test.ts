import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processQuestionImport } from "@/lib/server/question-imports/process";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call, type TestResponse } from "@/test/http";
import { cachedSignIn, multipartBody } from "@/test/session";

// Importing Moodle XML and GIFT files into a question bank (docs/assessments.md "Importing from Moodle"):
// the upload parses, the dry run reports without writing, the run creates nested banks and questions
// stored exactly as the file says (through the question-create path), a retried run creates nothing twice,
// and who may import where. Expected values are written out here, from the fixtures in test/fixtures/questions.

const MOODLE_XML = readFileSync("test/fixtures/questions/moodle-bank.xml");
const GIFT = readFileSync("test/fixtures/questions/bank.gift");

let acme: TestTenant;
let globex: TestTenant;
let instructor: TestUser;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  instructor = await createUser(acme.id, "instructor");
});
afterAll(() => testDb().$disconnect());

const as = async (user: TestUser, path: string, options: { method?: string; json?: unknown } = {}, tenant = acme) =>
  call(tenant.subdomain, path, { ...options, bearer: await cachedSignIn(tenant.subdomain, user) });

async function newBank(by: TestUser, body: Record<string, unknown> = {}): Promise<string> {
  const res = await as(by, "/api/question-banks", { json: { name: uniqueName("Import "), ...body } });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

async function upload(
  by: TestUser,
  bankId: string,
  file: Uint8Array | string,
  fileName: string,
  options: { query?: string; tenant?: TestTenant } = {},
): Promise<TestResponse> {
  const tenant = options.tenant ?? acme;
  const form = await multipartBody({ file: new File([file as BlobPart], fileName) });
  return call(tenant.subdomain, `/api/question-banks/${bankId}/imports${options.query ?? ""}`, {
    method: "POST",
    body: form.body,
    headers: form.headers,
    bearer: await cachedSignIn(tenant.subdomain, by),
  });
}

async function waitFor(by: TestUser, bankId: string, importId: string, statuses: string[]) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await as(by, `/api/question-banks/${bankId}/imports/${importId}`);
    expect(res.status, res.text).toBe(200);
    if (statuses.includes(res.json.status)) return res.json;
    if (Date.now() > deadline) throw new Error(`import still ${res.json.status} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The banks nested directly in a bank, by name → id. */
async function childBanks(by: TestUser, parentId: string): Promise<Record<string, string>> {
  const res = await as(by, `/api/question-banks?parent_id=${parentId}&page_size=100`);
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries((res.json.items as { name: string; id: string }[]).map((b) => [b.name, b.id]));
}

/** A bank's questions, by name → their current version's content and their tags. */
async function questionsIn(by: TestUser, bankId: string) {
  const list = await as(by, `/api/question-banks/${bankId}/questions?page_size=100`);
  expect(list.status, list.text).toBe(200);
  const out: Record<string, { content: Record<string, unknown>; tags: string[]; version: number }> = {};
  for (const q of list.json.items as { id: string; name: string }[]) {
    const detail = await as(by, `/api/question-banks/${bankId}/questions/${q.id}`);
    out[q.name] = {
      content: detail.json.current.content,
      tags: detail.json.tags,
      version: detail.json.current_version,
    };
  }
  return out;
}

/** The content images stored for Acme (its folder of the test server's storage). */
const contentImages = () =>
  readdir(path.join(process.env.UPLOAD_DIR!, "content-images", acme.id)).catch(() => [] as string[]);

/** The Science bank the Moodle XML bank's import put its questions in. */
let importedScience: () => Promise<string> = () => Promise.reject(new Error("the Moodle XML bank was not imported"));

const MOODLE_REFUSALS = [
  {
    line: 407,
    index: 11,
    name: "Cloze with several answers per gap",
    reason:
      "Gap 1 is of type MULTIRESPONSE (several answers in one gap), which is not supported: a gap here takes one answer",
  },
  { line: 423, index: 12, name: "Area", reason: "Moodle's calculated questions are not supported" },
  {
    line: 451,
    index: 13,
    name: "Read this first",
    reason: "A description is text shown between questions, with nothing to answer: not imported",
  },
  { line: 493, index: 15, name: "No right answer", reason: "choices: One choice must be fully right (fraction 1)" },
];

describe("a Moodle XML bank", () => {
  let bankId: string;
  let scienceId: string;
  let importId: string;

  it("POST …/imports: parsed at once, its refusals listed; the dry run reports without writing", async () => {
    bankId = await newBank(instructor);
    // A bank of a category's name is there already: the import puts that category's questions in it.
    scienceId = await newBank(instructor, { name: "Science", parent_id: bankId });
    importedScience = () => Promise.resolve(scienceId);
    const res = await upload(instructor, bankId, MOODLE_XML, "moodle-bank.xml");
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      bank_id: bankId,
      file_name: "moodle-bank.xml",
      file_size: MOODLE_XML.length,
      format: "moodle_xml",
      status: "checking",
      questions_in_file: 11,
      refusals: MOODLE_REFUSALS,
      dry_run: null,
    });
    importId = res.json.id;

    const checked = await waitFor(instructor, bankId, importId, ["checked", "failed"]);
    expect(checked.status, checked.error).toBe("checked");
    expect(checked.dry_run).toEqual({
      questions: 11,
      by_type: {
        single_choice: 1,
        multiple_response: 1,
        true_false: 1,
        short_answer: 2,
        numeric: 1,
        matching: 1,
        ordering: 1,
        fill_in_blanks: 2,
        essay: 1,
      },
      banks_to_create: [["Geography"], ["Geography", "Europe / Asia"]],
      refusals: MOODLE_REFUSALS,
      notes: [
        {
          line: 15,
          index: 1,
          name: "Capital of France",
          note: "Its combined feedback (correct, partially correct, incorrect) is not kept: questions here have none",
        },
        {
          line: 225,
          index: 6,
          name: "Capitals",
          note: "Its combined feedback (correct, partially correct, incorrect) is not kept: questions here have none",
        },
      ],
    });
    expect(checked.progress).toEqual({ phase: null, done: 11, total: 11 });
    // Nothing written: no bank but the one made above, no question, no image.
    expect(await childBanks(instructor, bankId)).toEqual({ Science: scienceId });
    expect(await questionsIn(instructor, scienceId)).toEqual({});
    expect(await contentImages()).toEqual([]);
  });

  it("POST …/run: nested banks, and each question stored as the file says (version 1, sanitized)", async () => {
    const started = await as(instructor, `/api/question-banks/${bankId}/imports/${importId}/run`, { method: "POST" });
    expect(started.status, started.text).toBe(202);
    expect(started.json.status).toBe("running");
    const done = await waitFor(instructor, bankId, importId, ["completed", "failed"]);
    expect(done).toMatchObject({ status: "completed", banks_created: 2, questions_created: 11, error: null });

    const top = await childBanks(instructor, bankId);
    expect(Object.keys(top).sort()).toEqual(["Geography", "Science"]);
    expect(top.Science).toBe(scienceId);
    const geography = await childBanks(instructor, top.Geography!);
    expect(Object.keys(geography)).toEqual(["Europe / Asia"]);

    const geo = await questionsIn(instructor, top.Geography!);
    expect(Object.keys(geo).sort()).toEqual(["Capital of France", "Rivers of France"]);
    expect(geo["Capital of France"]).toEqual({
      version: 1,
      tags: ["europe", "capitals"],
      content: {
        type: "single_choice",
        name: "Capital of France",
        stem: "<p>What is the capital of <strong>France</strong>?</p>",
        default_mark: 2,
        general_feedback: "<p>Paris has been the capital since 987.</p>",
        choices: [
          { id: "c1", text: "<p>Paris</p>", fraction: 1, feedback: "<p>Yes.</p>" },
          { id: "c2", text: "<p>Lyon</p>", fraction: 0, feedback: "<p>Lyon is the third city.</p>" },
          { id: "c3", text: "Marseille &amp; Nice", fraction: -0.25, feedback: "" },
        ],
        shuffle: false,
      },
    });
    expect(geo["Rivers of France"]!.content).toEqual({
      type: "multiple_response",
      name: "Rivers of France",
      stem: "Which rivers flow through France?<br />Pick every one.",
      default_mark: 1,
      general_feedback: "",
      choices: [
        { id: "c1", text: "Seine", fraction: 0.3333333, feedback: "" },
        { id: "c2", text: "Loire", fraction: 0.3333333, feedback: "" },
        { id: "c3", text: "Rhône", fraction: 0.3333333, feedback: "" },
        { id: "c4", text: "Danube", fraction: -1, feedback: "<p>Not in France.</p>" },
      ],
      shuffle: true,
    });

    const europe = await questionsIn(instructor, geography["Europe / Asia"]!);
    expect(Object.keys(europe).sort()).toEqual(["Capitals", "Flat earth", "Length", "Sodium"]);
    expect(europe["Length"]!.content).toEqual({
      type: "numeric",
      name: "Length",
      stem: "<p>How long is the rod?</p>",
      default_mark: 1,
      general_feedback: "",
      answers: [
        { value: 1.5, tolerance: 0.01, fraction: 1, feedback: "" },
        { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, fraction: 0, feedback: "Measure again." },
      ],
      units: [
        { unit: "m", multiplier: 1 },
        { unit: "cm", multiplier: 100 },
      ],
      unit_required: false,
    });
    expect(europe["Capitals"]!.content).toEqual({
      type: "matching",
      name: "Capitals",
      stem: "<p>Match each country with its capital.</p>",
      default_mark: 3,
      general_feedback: "",
      pairs: [
        { id: "p1", prompt: "<p>France</p>", answer: "Paris" },
        { id: "p2", prompt: "<p>Italy</p>", answer: "Rome" },
      ],
      distractors: ["Lyon"],
      shuffle: true,
    });

    const science = await questionsIn(instructor, scienceId);
    expect(Object.keys(science).sort()).toEqual(["Discuss", "Eiffel", "Sizes", "Tower", "Which organ"]);
    expect(science["Eiffel"]!.content).toEqual({
      type: "fill_in_blanks",
      name: "Eiffel",
      stem: "<p>Built in [[g1]] in [[g2]] by [[g3]].</p>",
      default_mark: 1,
      general_feedback: "",
      gaps: [
        {
          id: "g1",
          type: "numeric",
          weight: 2,
          answers: [
            { value: 1889, tolerance: 0, fraction: 1, feedback: "Yes" },
            { value: 1889, tolerance: 5, fraction: 0.5, feedback: "Close" },
          ],
          units: [],
          unit_required: false,
        },
        {
          id: "g2",
          type: "choice",
          weight: 1,
          shuffle: true,
          choices: [
            { id: "c1", text: "Paris", fraction: 1, feedback: "Right" },
            { id: "c2", text: "Rome", fraction: 0, feedback: "No" },
          ],
        },
        {
          id: "g3",
          type: "short_answer",
          weight: 1,
          case_sensitive: false,
          answers: [
            { text: "Eiffel", fraction: 1, feedback: "" },
            { text: "Gustave*", fraction: 0.5, feedback: "" },
          ],
        },
      ],
    });
    expect(science["Sizes"]!.content).toMatchObject({
      type: "ordering",
      // Random ids: the learner receives them, and ids by place would tell the order.
      items: [
        { id: expect.stringMatching(/^i[a-z0-9]{8}$/), text: "<p>Atom</p>" },
        { id: expect.stringMatching(/^i[a-z0-9]{8}$/), text: "<p>Cell</p>" },
        { id: expect.stringMatching(/^i[a-z0-9]{8}$/), text: "<p>Planet</p>" },
      ],
      grading: "relative_next",
    });
    expect(science["Discuss"]!.content).toEqual({
      type: "essay",
      name: "Discuss",
      stem: "<p>Discuss the causes.</p>",
      default_mark: 10,
      general_feedback: "",
      grading: { method: "comment" },
      grader_info: "<p>Look for two causes.</p>",
      min_words: 100,
      max_words: 500,
    });
  });

  it("the run again: 409; the job run again (a retried job) creates nothing twice", async () => {
    const again = await as(instructor, `/api/question-banks/${bankId}/imports/${importId}/run`, { method: "POST" });
    expect(again.status, again.text).toBe(409);
    expect(again.json.error.message).toBe("This import has already run");

    const db = testDb();
    const count = () => db.question.count({ where: { organizationId: acme.id } });
    const before = await count();
    await db.questionImport.update({ where: { id: importId }, data: { status: "running" } });
    await processQuestionImport({ importId, phase: "run" });
    expect(await count()).toBe(before);
    const row = await db.questionImport.findUniqueOrThrow({ where: { id: importId } });
    expect(row).toMatchObject({ status: "completed", questionsCreated: 11, banksCreated: 2 });
  });
});

describe("a Moodle XML question showing an embedded image", () => {
  it("the run stores the image (a WebP of the organization), puts its URL in the text and it is shown to members", async () => {
    const science = await questionsIn(instructor, await importedScience());
    const stored = await contentImages();
    expect(stored).toHaveLength(1);
    const url = `/uploads/content-images/${acme.id}/${stored[0]!}`;
    expect(stored[0]).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(science["Which organ"]!.content).toEqual({
      type: "short_answer",
      name: "Which organ",
      stem: `<p>Name this organ: <img src="${url}" alt="heart" width="200" /></p>`,
      default_mark: 1,
      general_feedback: "",
      case_sensitive: false,
      answers: [{ text: "heart", fraction: 1, feedback: "" }],
    });
    const shown = await call(acme.subdomain, url, { bearer: await cachedSignIn(acme.subdomain, acme.users.learner) });
    expect(shown.status).toBe(200);
    expect(await sharp(shown.body).metadata()).toMatchObject({ format: "webp", width: 1, height: 1 });
    expect(
      (await call(globex.subdomain, url, { bearer: await cachedSignIn(globex.subdomain, globex.users.admin) })).status,
    ).toBe(404);
  });

  it("an embedded image that does not decode: refused by the dry run with the reason, nothing stored", async () => {
    const bankId = await newBank(instructor);
    // A PNG signature followed by nothing a decoder can read.
    const broken = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]).toString("base64");
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="truefalse">
    <name><text>Broken picture</text></name>
    <questiontext format="html"><text><![CDATA[<p>Is this a cat? <img src="@@PLUGINFILE@@/cat.png" alt="cat"></p>]]></text>
      <file name="cat.png" path="/" encoding="base64">${broken}</file></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>`;
    const before = await contentImages();
    const res = await upload(instructor, bankId, xml, "broken.xml");
    expect(res.status, res.text).toBe(201);
    const checked = await waitFor(instructor, bankId, res.json.id, ["checked", "failed"]);
    expect(checked.dry_run).toMatchObject({
      questions: 0,
      refusals: [
        {
          line: 3,
          index: 1,
          name: "Broken picture",
          reason: "Its image 'cat.png' cannot be used: The image must be a JPEG, PNG, WebP or GIF image",
        },
      ],
    });
    expect(await contentImages()).toEqual(before);
  });
});

describe("a GIFT file", () => {
  it("two workers running the same import at once create each question once", async () => {
    const admin = acme.users.org_admin;
    const bankId = await newBank(admin);
    const res = await upload(admin, bankId, GIFT, "bank.gift");
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ format: "gift", questions_in_file: 17 });
    const checked = await waitFor(admin, bankId, res.json.id, ["checked", "failed"]);
    expect(checked.dry_run).toMatchObject({
      questions: 17,
      by_type: {
        single_choice: 1,
        multiple_response: 1,
        true_false: 4,
        short_answer: 2,
        numeric: 3,
        matching: 1,
        fill_in_blanks: 3,
        essay: 2,
      },
      banks_to_create: [["Geography"], ["Geography", "Maths"]],
    });
    expect(checked.refusals.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [56, "It has no answers ({…}): a description, with nothing to answer, is not imported"],
      [60, "Its text is written in Markdown, which is not supported: export it as HTML"],
      [62, "Its braces do not match: write the answers as {…}, and a literal brace as \\{ or \\}"],
    ]);

    // The run's state as POST …/run sets it, worked by two workers at once (a retried job and its continuation).
    const db = testDb();
    await db.questionImport.update({ where: { id: res.json.id }, data: { status: "running", processed: 0 } });
    await Promise.all([
      processQuestionImport({ importId: res.json.id, phase: "run" }),
      processQuestionImport({ importId: res.json.id, phase: "run" }),
    ]);
    const geography = await childBanks(admin, bankId);
    const maths = await childBanks(admin, geography.Geography!);
    expect(Object.keys(await questionsIn(admin, geography.Geography!)).sort()).toEqual([
      "Capital",
      "Flat",
      "Rivers",
      "Round",
    ]);
    const inMaths = await questionsIn(admin, maths.Maths!);
    expect(Object.keys(inMaths)).toHaveLength(13);
    expect(inMaths["Missing choice"]!.content).toMatchObject({
      type: "fill_in_blanks",
      stem: "The tower is in [[g1]] since 1889.",
      gaps: [
        { id: "g1", type: "choice", choices: [{ text: "Paris", fraction: 1 }, { text: "Rome" }, { text: "Madrid" }] },
      ],
    });
    const row = await db.questionImport.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(row).toMatchObject({ status: "completed", questionsCreated: 17, banksCreated: 2 });
  });
});

describe("what only the dry run finds", () => {
  it("a question the sanitizer empties, and a category bank that is someone else's: refused, nothing else", async () => {
    const bankId = await newBank(instructor);
    // An administrator made a bank named like a category of the file inside the instructor's bank.
    await newBank(acme.users.admin, { name: "Theirs", parent_id: bankId });
    const file = [
      "::Script::[html]<script>alert(1)</script>{T}",
      "",
      "$CATEGORY: $course$/top/Theirs",
      "",
      "::In theirs::Two is even.{T}",
      "",
      "$CATEGORY: $course$/top/Mine",
      "",
      "::In mine::Three is odd.{T}",
    ].join("\n");
    const res = await upload(instructor, bankId, file, "bank.gift");
    expect(res.status, res.text).toBe(201);
    const checked = await waitFor(instructor, bankId, res.json.id, ["checked", "failed"]);
    expect(checked.dry_run).toEqual({
      questions: 1,
      by_type: { true_false: 1 },
      banks_to_create: [["Mine"]],
      refusals: [
        { line: 1, index: 1, name: "Script", reason: "stem: stem is required" },
        {
          line: 5,
          index: 2,
          name: "In theirs",
          reason: "The bank 'Theirs' exists already and is not one you manage",
        },
      ],
      notes: [],
    });
    expect(checked.refusals).toEqual(checked.dry_run.refusals);

    const run = await as(instructor, `/api/question-banks/${bankId}/imports/${res.json.id}/run`, { method: "POST" });
    expect(run.status, run.text).toBe(202);
    const done = await waitFor(instructor, bankId, res.json.id, ["completed", "failed"]);
    expect(done).toMatchObject({ banks_created: 1, questions_created: 1 });
    const mine = (await childBanks(instructor, bankId)).Mine!;
    expect(Object.keys(await questionsIn(instructor, mine))).toEqual(["In mine"]);
  });

  it("a category bank someone else makes between the dry run and the run: its questions refused then, and listed", async () => {
    const bankId = await newBank(instructor);
    const res = await upload(instructor, bankId, "$CATEGORY: Later\n\n::Late::One is odd.{T}\n", "bank.gift");
    const checked = await waitFor(instructor, bankId, res.json.id, ["checked"]);
    expect(checked.dry_run).toMatchObject({ questions: 1, banks_to_create: [["Later"]], refusals: [] });
    await newBank(acme.users.admin, { name: "Later", parent_id: bankId });
    const run = await as(instructor, `/api/question-banks/${bankId}/imports/${res.json.id}/run`, { method: "POST" });
    expect(run.status, run.text).toBe(202);
    const done = await waitFor(instructor, bankId, res.json.id, ["completed", "failed"]);
    expect(done).toMatchObject({ status: "completed", banks_created: 0, questions_created: 0 });
    expect(done.refusals).toEqual([
      { line: 3, index: 1, name: "Late", reason: "The bank 'Later' exists already and is not one you manage" },
    ]);
  });

  it("the run before the dry run has ended: 409", async () => {
    const bankId = await newBank(instructor);
    const res = await upload(instructor, bankId, GIFT, "bank.gift");
    await waitFor(instructor, bankId, res.json.id, ["checked"]);
    await testDb().questionImport.update({ where: { id: res.json.id }, data: { status: "checking" } });
    const run = await as(instructor, `/api/question-banks/${bankId}/imports/${res.json.id}/run`, { method: "POST" });
    expect(run.status, run.text).toBe(409);
    expect(run.json.error.message).toBe("Wait for the dry run to finish: it shows what the import will do");
  });
});

describe("who may import where, and files that cannot be read", () => {
  it("another organization's bank, or another instructor's: 404", async () => {
    const theirs = await as(globex.users.admin, "/api/question-banks", { json: { name: "Theirs" } }, globex);
    expect(theirs.status, theirs.text).toBe(201);
    const cross = await upload(acme.users.admin, theirs.json.id, MOODLE_XML, "bank.xml");
    expect(cross.status, cross.text).toBe(404);
    expect(cross.json.error.message).toBe("Question bank not found");

    const adminsBank = await newBank(acme.users.admin);
    const other = await upload(instructor, adminsBank, MOODLE_XML, "bank.xml");
    expect(other.status, other.text).toBe(404);
  });

  it("a learner: 403", async () => {
    const bankId = await newBank(acme.users.admin);
    const res = await upload(acme.users.learner, bankId, GIFT, "bank.gift");
    expect(res.status, res.text).toBe(403);
  });

  it("another organization's import, by id under a bank of the caller's: 404", async () => {
    const bankId = await newBank(acme.users.admin);
    const res = await upload(acme.users.admin, bankId, GIFT, "bank.gift");
    expect(res.status, res.text).toBe(201);
    const theirs = await as(globex.users.admin, "/api/question-banks", { json: { name: uniqueName("B") } }, globex);
    const read = await as(
      globex.users.admin,
      `/api/question-banks/${theirs.json.id}/imports/${res.json.id}`,
      {},
      globex,
    );
    expect(read.status, read.text).toBe(404);
    expect(read.json.error.message).toBe("Import not found");
  });

  it("a broken file: 400 naming the problem, and nothing kept", async () => {
    const bankId = await newBank(acme.users.admin);
    const broken = await upload(acme.users.admin, bankId, "<quiz>\n<question type='truefalse'>\n</quiz>\n", "bank.xml");
    expect(broken.status, broken.text).toBe(400);
    expect(broken.json.error.message).toMatch(/^The file is not well-formed XML: .+ \(line 3, column \d+\)$/);
    expect(broken.json.error.fieldErrors.file).toEqual([broken.json.error.message]);

    const notMoodle = await upload(acme.users.admin, bankId, "<html><body>Hi</body></html>", "page.xml");
    expect(notMoodle.status).toBe(400);
    expect(notMoodle.json.error.message).toBe(
      "The file is XML but not a Moodle question export: its root element must be <quiz>",
    );

    const latin1 = await upload(acme.users.admin, bankId, new Uint8Array([0x51, 0xe9, 0x7b, 0x54, 0x7d]), "q.gift");
    expect(latin1.status).toBe(400);
    expect(latin1.json.error.message).toBe(
      "The file is not UTF-8 text: export it from Moodle again, or save it as UTF-8",
    );

    const noQuestion = await upload(acme.users.admin, bankId, "// nothing here\n", "q.txt");
    expect(noQuestion.status).toBe(400);
    expect(noQuestion.json.error.message).toBe(
      "The file holds no GIFT question (a question is text followed by its answers in braces: {…})",
    );

    const badFormat = await upload(acme.users.admin, bankId, GIFT, "bank.gift", { query: "?format=qti" });
    expect(badFormat.status).toBe(400);
    expect(badFormat.json.error.message).toBe("format: format must be one of moodle_xml, gift, qti3");

    expect(await testDb().questionImport.count({ where: { bankId } })).toBe(0);
  });
});
