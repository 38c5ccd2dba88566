import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn, multipartBody } from "@/test/session";

// Exporting a question bank (docs/assessments.md "Exporting"): the file holds the latest version of each
// question, its sub-banks as categories, what the format cannot hold is counted and named; imported back
// through the import routes it gives the same questions; who may export which bank.

let acme: TestTenant;
let globex: TestTenant;
let admin: TestUser;
let instructor: TestUser;
let otherInstructor: TestUser;
let learner: TestUser;
let globexAdmin: TestUser;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  [admin, instructor, otherInstructor, learner, globexAdmin] = await Promise.all([
    createUser(acme.id, "org_admin"),
    createUser(acme.id, "instructor"),
    createUser(acme.id, "instructor"),
    createUser(acme.id, "learner"),
    createUser(globex.id, "org_admin"),
  ]);
});
afterAll(() => testDb().$disconnect());

const as = async (user: TestUser, path: string, options: { method?: string; json?: unknown } = {}, tenant = acme) =>
  call(tenant.subdomain, path, { ...options, bearer: await cachedSignIn(tenant.subdomain, user) });

async function newBank(by: TestUser, name: string, parentId?: string, tenant = acme): Promise<string> {
  const res = await as(by, "/api/question-banks", { json: { name, parent_id: parentId } }, tenant);
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

async function newQuestion(by: TestUser, bankId: string, content: Record<string, unknown>): Promise<string> {
  const res = await as(by, `/api/question-banks/${bankId}/questions`, { method: "POST", json: content });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

const SINGLE = {
  type: "single_choice",
  name: "Capital",
  stem: "<p>Capital of France?</p>",
  default_mark: 2,
  tags: ["geo"],
  general_feedback: "<p>Since 987.</p>",
  choices: [
    { text: "Paris", fraction: 1, feedback: "<p>Yes.</p>" },
    { text: "Lyon", fraction: 0 },
  ],
};
const ORDERING = {
  type: "ordering",
  name: "Sizes",
  stem: "<p>Smallest first</p>",
  items: [{ text: "Atom" }, { text: "Cell" }],
};
const NUMERIC = {
  type: "numeric",
  name: "Length",
  stem: "<p>How long?</p>",
  answers: [{ value: 1.5, tolerance: 0.1, fraction: 1 }],
  units: [
    { unit: "m", multiplier: 1 },
    { unit: "cm", multiplier: 100 },
  ],
};

describe("GET /api/question-banks/{bankId}/export", () => {
  let bankId: string;
  let subId: string;

  beforeAll(async () => {
    bankId = await newBank(instructor, uniqueName("Chemistry "));
    subId = await newBank(instructor, "Acids", bankId);
    const capital = await newQuestion(instructor, bankId, SINGLE);
    // An edit: the export writes the latest version.
    const edited = await as(instructor, `/api/question-banks/${bankId}/questions/${capital}`, {
      method: "PUT",
      json: { ...SINGLE, stem: "<p>What is the capital of France?</p>" },
    });
    expect(edited.status, edited.text).toBe(200);
    await newQuestion(instructor, bankId, ORDERING);
    await newQuestion(instructor, subId, NUMERIC);
    const archived = await newQuestion(instructor, subId, { ...NUMERIC, name: "Old length" });
    const archive = await as(instructor, `/api/question-banks/${subId}/questions/${archived}`, {
      method: "PATCH",
      json: { archived: true },
    });
    expect(archive.status, archive.text).toBe(200);
  });

  it("Moodle XML: a download of the latest versions, sub-banks as categories, nothing skipped", async () => {
    const res = await as(instructor, `/api/question-banks/${bankId}/export?format=moodle_xml`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="chemistry-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.xml"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-exported-questions"]).toBe("3");
    expect(res.headers["x-skipped-questions"]).toBe("0");
    const bankName = (await testDb().questionBank.findUniqueOrThrow({ where: { id: bankId } })).name;
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n')).toBe(true);
    const categories = [...res.text.matchAll(/<category>\s*<text>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(categories).toEqual([`$course$/top/${bankName}`, `$course$/top/${bankName}/Acids`]);
    expect(res.text).toContain("<![CDATA[<p>What is the capital of France?</p>]]>");
    expect(res.text).not.toContain("Old length");
    expect([...res.text.matchAll(/<question type="(\w+)">/g)].map((m) => m[1])).toEqual([
      "category",
      "multichoice",
      "ordering",
      "category",
      "numerical",
    ]);
  });

  it("GIFT: the ordering question and the units skipped, counted in the header and named at the top", async () => {
    const res = await as(instructor, `/api/question-banks/${bankId}/export?format=gift`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/\.gift"$/);
    expect(res.headers["x-exported-questions"]).toBe("1");
    expect(res.headers["x-skipped-questions"]).toBe("2");
    const bankName = (await testDb().questionBank.findUniqueOrThrow({ where: { id: bankId } })).name;
    expect(res.text.split("\n").slice(0, 6)).toEqual([
      "// Skipped 2 question(s) this format cannot hold:",
      `// - 'Sizes' (${bankName}): GIFT has no ordering questions`,
      `// - 'Length' (${bankName} / Acids): It takes units, which GIFT cannot hold`,
      "// Written with changes (1 question(s)):",
      `// - 'Capital' (${bankName}): Its mark (2) is not kept: a GIFT question is worth 1; Its tags are not kept: GIFT has none`,
      "",
    ]);
    expect(res.text).toContain(
      "::Capital::[html]<p>What is the capital of France?</p>{\n\t=Paris#<p>Yes.</p>\n\t~%0%Lyon\n\t####<p>Since 987.</p>\n}\n",
    );
  });

  it("include_sub_banks=false leaves the sub-banks out; include_archived=true adds archived questions", async () => {
    const alone = await as(
      instructor,
      `/api/question-banks/${bankId}/export?format=moodle_xml&include_sub_banks=false`,
    );
    expect(alone.status, alone.text).toBe(200);
    expect(alone.headers["x-exported-questions"]).toBe("2");
    expect(alone.text).not.toContain("Acids");
    const all = await as(instructor, `/api/question-banks/${subId}/export?format=moodle_xml&include_archived=true`);
    expect(all.headers["x-exported-questions"]).toBe("2");
    expect(all.text).toContain("<text>Old length</text>");
  });

  it("the exported file imported into a new bank gives the same questions and banks", async () => {
    const file = await as(instructor, `/api/question-banks/${bankId}/export?format=moodle_xml`);
    const target = await newBank(instructor, uniqueName("Copy "));
    const form = await multipartBody({ file: new File([file.body as BlobPart], "export.xml") });
    const uploaded = await call(acme.subdomain, `/api/question-banks/${target}/imports`, {
      method: "POST",
      body: form.body,
      headers: form.headers,
      bearer: await cachedSignIn(acme.subdomain, instructor),
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.json.refusals).toEqual([]);
    const path = `/api/question-banks/${target}/imports/${uploaded.json.id}`;
    await waitFor(path, ["checked"]);
    const run = await as(instructor, `${path}/run`, { method: "POST" });
    expect(run.status, run.text).toBe(202);
    const done = await waitFor(path, ["completed"]);
    expect(done.questions_created).toBe(3);

    const versions = await testDb().questionVersion.findMany({
      where: {
        organizationId: acme.id,
        question: { bank: { OR: [{ parentId: target }, { parent: { parentId: target } }] } },
      },
      select: {
        name: true,
        stem: true,
        body: true,
        defaultMark: true,
        generalFeedback: true,
        question: { select: { tags: true } },
      },
      orderBy: { name: "asc" },
    });
    expect(versions.map((v) => [v.name, v.stem, v.defaultMark, v.generalFeedback, v.question.tags])).toEqual([
      ["Capital", "<p>What is the capital of France?</p>", 2, "<p>Since 987.</p>", ["geo"]],
      ["Length", "<p>How long?</p>", 1, "", []],
      ["Sizes", "<p>Smallest first</p>", 1, "", []],
    ]);
    expect(versions[0]!.body).toEqual({
      choices: [
        { id: "c1", text: "Paris", fraction: 1, feedback: "<p>Yes.</p>" },
        { id: "c2", text: "Lyon", fraction: 0, feedback: "" },
      ],
      shuffle: true,
    });
    expect(versions[1]!.body).toEqual({
      answers: [{ value: 1.5, tolerance: 0.1, fraction: 1, feedback: "" }],
      units: [
        { unit: "m", multiplier: 1 },
        { unit: "cm", multiplier: 100 },
      ],
      unit_required: false,
    });
    expect(versions[2]!.body).toEqual({
      // An ordering item's id is not in the file: the import gives a random one.
      items: [
        { id: expect.stringMatching(/^i[a-z0-9]{8}$/), text: "Atom" },
        { id: expect.stringMatching(/^i[a-z0-9]{8}$/), text: "Cell" },
      ],
      grading: "all_or_nothing",
    });
  });

  it("QTI 3.0: a ZIP with the manifest and one item per question that maps", async () => {
    const res = await as(instructor, `/api/question-banks/${bankId}/export?format=qti3`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/\.zip"$/);
    expect(res.headers["x-exported-questions"]).toBe("2");
    // The numeric question takes units, which a QTI text entry cannot hold.
    expect(res.headers["x-skipped-questions"]).toBe("1");
    expect(res.body.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const names = [...res.body.toString("latin1").matchAll(/(imsmanifest\.xml|items\/\d+\/item-\d+\.xml)/g)].map(
      (m) => m[1],
    );
    expect(new Set(names)).toEqual(new Set(["imsmanifest.xml", "items/1/item-1.xml", "items/1/item-2.xml"]));
  });

  it("the QTI package imported into a new bank gives the questions that map back", async () => {
    const file = await as(instructor, `/api/question-banks/${bankId}/export?format=qti3`);
    const target = await newBank(instructor, uniqueName("QTI copy "));
    const form = await multipartBody({ file: new File([file.body as BlobPart], "export.zip") });
    const uploaded = await call(acme.subdomain, `/api/question-banks/${target}/imports`, {
      method: "POST",
      body: form.body,
      headers: form.headers,
      bearer: await cachedSignIn(acme.subdomain, instructor),
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.json.format).toBe("qti3");
    expect(uploaded.json.refusals).toEqual([]);
    const path = `/api/question-banks/${target}/imports/${uploaded.json.id}`;
    await waitFor(path, ["checked"]);
    expect((await as(instructor, `${path}/run`, { method: "POST" })).status).toBe(202);
    expect((await waitFor(path, ["completed"])).questions_created).toBe(2);
    const versions = await testDb().questionVersion.findMany({
      where: { organizationId: acme.id, question: { bankId: target } },
      select: { name: true, stem: true, body: true, defaultMark: true },
      orderBy: { name: "asc" },
    });
    expect(versions).toEqual([
      {
        name: "Capital",
        stem: "<p>What is the capital of France?</p>",
        defaultMark: 2,
        body: {
          choices: [
            // The choices' feedback travels in QTI (qti-feedback-block inside the choice).
            { id: "c1", text: "Paris", fraction: 1, feedback: "<p>Yes.</p>" },
            { id: "c2", text: "Lyon", fraction: 0, feedback: "" },
          ],
          shuffle: true,
        },
      },
      {
        name: "Sizes",
        stem: "<p>Smallest first</p>",
        defaultMark: 1,
        body: {
          items: [
            { id: expect.stringMatching(/^i[a-z0-9]{8}$/), text: "Atom" },
            { id: expect.stringMatching(/^i[a-z0-9]{8}$/), text: "Cell" },
          ],
          grading: "all_or_nothing",
        },
      },
    ]);
  });

  it("an admin exports any bank of the organization", async () => {
    const res = await as(admin, `/api/question-banks/${bankId}/export?format=gift`);
    expect(res.status, res.text).toBe(200);
  });

  it("a learner → 403; another instructor's bank → 404; another organization's bank → 404", async () => {
    const learnerRes = await as(learner, `/api/question-banks/${bankId}/export?format=moodle_xml`);
    expect(learnerRes.status).toBe(403);
    expect(learnerRes.json.error.code).toBe("FORBIDDEN");
    const other = await as(otherInstructor, `/api/question-banks/${bankId}/export?format=moodle_xml`);
    expect(other.status).toBe(404);
    const globexBank = await newBank(globexAdmin, uniqueName("Globex "), undefined, globex);
    const cross = await as(admin, `/api/question-banks/${globexBank}/export?format=moodle_xml`);
    expect(cross.status).toBe(404);
    expect(cross.json.error.message).toBe("Question bank not found");
  });

  it("a bad format → 400 naming the field; a missing one too", async () => {
    const bad = await as(instructor, `/api/question-banks/${bankId}/export?format=pdf`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.fieldErrors.format).toEqual(["format must be one of moodle_xml, gift, qti3"]);
    const missing = await as(instructor, `/api/question-banks/${bankId}/export`);
    expect(missing.status).toBe(400);
    const flag = await as(instructor, `/api/question-banks/${bankId}/export?format=gift&include_sub_banks=yes`);
    expect(flag.status).toBe(400);
    expect(flag.json.error.fieldErrors.include_sub_banks).toEqual(["include_sub_banks must be true or false"]);
  });
});

describe("a bank larger than one page of reads", () => {
  it("every one of 450 questions is in the file, once", async () => {
    const bankId = await newBank(admin, uniqueName("Large "));
    const ids: string[] = [];
    for (let i = 0; i < 450; i++) {
      const q = await testDb().question.create({
        data: { organizationId: acme.id, bankId, type: "true_false", name: `Q${String(i).padStart(3, "0")}` },
        select: { id: true },
      });
      ids.push(q.id);
    }
    await testDb().questionVersion.createMany({
      data: ids.map((questionId, i) => ({
        organizationId: acme.id,
        questionId,
        version: 1,
        type: "true_false" as const,
        name: `Q${String(i).padStart(3, "0")}`,
        stem: `<p>Statement ${i}</p>`,
        body: { correct: i % 2 === 0, feedback_true: "", feedback_false: "" },
      })),
    });
    const res = await as(admin, `/api/question-banks/${bankId}/export?format=gift`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers["x-exported-questions"]).toBe("450");
    const names = [...res.text.matchAll(/^::(Q\d+)::/gm)].map((m) => m[1]!);
    expect(names).toHaveLength(450);
    expect(new Set(names).size).toBe(450);
    expect(names.filter((n) => ["Q000", "Q199", "Q200", "Q449"].includes(n)).sort()).toEqual([
      "Q000",
      "Q199",
      "Q200",
      "Q449",
    ]);
  });
});

async function waitFor(path: string, statuses: string[]) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await as(instructor, path);
    expect(res.status, res.text).toBe(200);
    if (statuses.includes(res.json.status)) return res.json;
    if (res.json.status === "failed") throw new Error(`import failed: ${res.json.error}`);
    if (Date.now() > deadline) throw new Error(`import still ${res.json.status} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
