import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn, callAs } from "@/test/session";

// Question banks and versioned questions (docs/assessments.md): nesting, every question type through the
// API, an edit as a new version that leaves the old one as it was, the list's filters, and who may do what
// (docs/permissions.md "Question banks").

let acme: TestTenant;
let globex: TestTenant;
let otherInstructor: TestUser;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  otherInstructor = await createUser(acme.id, "instructor");
});
afterAll(() => testDb().$disconnect());

const as = (tenant: TestTenant, user: TestUser, path: string, options?: Parameters<typeof callAs>[3]) =>
  callAs(tenant.subdomain, user, path, options);

async function newBank(by: TestUser, body: Record<string, unknown> = {}): Promise<string> {
  const res = await as(acme, by, "/api/question-banks", { json: { name: uniqueName("Bank "), ...body } });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

/** One question of each type, as an author would send it. */
const QUESTIONS: Record<string, Record<string, unknown>> = {
  single_choice: {
    stem: "<p>Capital of France?</p>",
    choices: [
      { text: "Paris", fraction: 1, feedback: "<p>Yes</p>" },
      { text: "Lyon", fraction: 0 },
    ],
  },
  multiple_response: {
    stem: "<p>Primes?</p>",
    choices: [
      { text: "2", fraction: 0.5 },
      { text: "3", fraction: 0.5 },
      { text: "4", fraction: -1 },
    ],
  },
  true_false: { stem: "<p>The earth is flat.</p>", correct: false, feedback_true: "<p>No</p>" },
  short_answer: {
    stem: "<p>Chemical symbol of sodium?</p>",
    answers: [{ text: "Na", fraction: 1 }],
    case_sensitive: true,
  },
  numeric: {
    stem: "<p>Length?</p>",
    answers: [{ value: 1.5, tolerance: 0.01, fraction: 1 }],
    units: [
      { unit: "m", multiplier: 1 },
      { unit: "cm", multiplier: 100 },
    ],
  },
  matching: {
    stem: "<p>Match</p>",
    pairs: [
      { prompt: "France", answer: "Paris" },
      { prompt: "Italy", answer: "Rome" },
    ],
    distractors: ["Lyon"],
  },
  ordering: {
    stem: "<p>Order</p>",
    items: [{ text: "One" }, { text: "Two" }, { text: "Three" }],
    grading: "relative_next",
  },
  fill_in_blanks: {
    stem: "<p>Built in [[year]] in [[city]]</p>",
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
  },
  essay: {
    stem: "<p>Discuss</p>",
    grading: {
      method: "rubric",
      criteria: [
        {
          id: "clarity",
          description: "Clarity",
          levels: [
            { points: 0, description: "Unclear" },
            { points: 2, description: "Clear" },
          ],
        },
      ],
    },
  },
};

describe("banks", () => {
  it("nest, list by parent, and keep names unique among siblings only", async () => {
    const root = await newBank(acme.users.instructor, { name: uniqueName("Science "), description: "All of it" });
    const name = uniqueName("Physics ");
    const child = await newBank(acme.users.instructor, { name, parent_id: root });
    // The same name under another parent is fine; twice under one parent is a 409, at the top level too.
    await newBank(acme.users.instructor, { name });
    const twice = await as(acme, acme.users.instructor, "/api/question-banks", { json: { name, parent_id: root } });
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe(`A bank named '${name}' already exists there`);
    expect((await as(acme, acme.users.instructor, "/api/question-banks", { json: { name } })).status).toBe(409);

    const children = await as(acme, acme.users.instructor, `/api/question-banks?parent_id=${root}`);
    expect(children.status).toBe(200);
    expect(children.json).toEqual({
      items: [
        {
          id: child,
          parent_id: root,
          name,
          description: "",
          question_count: 0,
          bank_count: 0,
          created_by_id: acme.users.instructor.id,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
      page: 1,
      page_size: 20,
      total: 1,
    });
    expect((await as(acme, acme.users.instructor, `/api/question-banks/${root}`)).json.bank_count).toBe(1);
  });

  it("move, but never into themselves or a bank nested in them", async () => {
    const a = await newBank(acme.users.instructor);
    const b = await newBank(acme.users.instructor, { parent_id: a });
    const c = await newBank(acme.users.instructor, { parent_id: b });
    const cycle = await as(acme, acme.users.instructor, `/api/question-banks/${a}`, {
      method: "PATCH",
      json: { parent_id: c },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.json.error.message).toBe("A bank cannot move into itself or into a bank nested in it");
    expect(
      (await as(acme, acme.users.instructor, `/api/question-banks/${a}`, { method: "PATCH", json: { parent_id: a } }))
        .status,
    ).toBe(400);
    const moved = await as(acme, acme.users.instructor, `/api/question-banks/${c}`, {
      method: "PATCH",
      json: { parent_id: null },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.parent_id).toBe(null);
  });

  it("are deleted only when empty (409 saying what they hold)", async () => {
    const bank = await newBank(acme.users.instructor);
    await newBank(acme.users.instructor, { parent_id: bank });
    const question = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
      json: { type: "true_false", name: "TF", ...QUESTIONS.true_false },
    });
    await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions/${question.json.id}`, {
      method: "PATCH",
      json: { archived: true },
    });
    const refused = await as(acme, acme.users.instructor, `/api/question-banks/${bank}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    const bankName = (await testDb().questionBank.findUniqueOrThrow({ where: { id: bank } })).name;
    expect(refused.json.error.message).toBe(
      `The bank '${bankName}' is not empty: it holds 1 question(s) and 1 bank(s). Move or delete them first (archived questions count too).`,
    );
    const empty = await newBank(acme.users.instructor);
    expect((await as(acme, acme.users.instructor, `/api/question-banks/${empty}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect(await testDb().questionBank.count({ where: { id: empty } })).toBe(0);
  });
});

describe("questions", () => {
  it.each(Object.keys(QUESTIONS))("%s: created as version 1, read back as written", async (type) => {
    const bank = await newBank(acme.users.instructor);
    const name = uniqueName(`${type} `);
    const res = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
      json: { type, name, tags: ["Week 1"], ...QUESTIONS[type] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      bank_id: bank,
      type,
      name,
      tags: ["week 1"],
      current_version: 1,
      archived_at: null,
    });
    expect(res.json.current).toMatchObject({ version: 1, created_by_id: acme.users.instructor.id });
    expect(res.json.current.content).toMatchObject({ type, name, stem: QUESTIONS[type]!.stem, default_mark: 1 });
    expect(res.json.versions).toEqual([
      { version: 1, name, created_by_id: acme.users.instructor.id, created_at: res.json.current.created_at },
    ]);
  });

  it("stores the type's data with ids and defaults filled", async () => {
    const bank = await newBank(acme.users.instructor);
    const res = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
      json: { type: "single_choice", name: "SC", ...QUESTIONS.single_choice },
    });
    expect(res.json.current.content).toEqual({
      type: "single_choice",
      name: "SC",
      stem: "<p>Capital of France?</p>",
      default_mark: 1,
      general_feedback: "",
      shuffle: true,
      choices: [
        { id: "c1", text: "Paris", fraction: 1, feedback: "<p>Yes</p>" },
        { id: "c2", text: "Lyon", fraction: 0, feedback: "" },
      ],
    });
  });

  it("sanitizes rich text as lesson text is, and refuses a stem that cleaning empties", async () => {
    const bank = await newBank(acme.users.instructor);
    const res = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
      json: {
        type: "single_choice",
        name: "XSS",
        stem: '<p onclick="x()">Pick<script>alert(1)</script></p>',
        general_feedback: '<img src=x onerror="alert(1)"><p>Done</p>',
        choices: [
          { text: "<b>Bold</b><iframe src='https://evil.test'></iframe>", fraction: 1 },
          { text: "Plain", fraction: 0, feedback: "<a href='javascript:alert(1)'>x</a>" },
        ],
      },
    });
    expect(res.status, res.text).toBe(201);
    const content = res.json.current.content;
    expect(content.stem).toBe("<p>Pick</p>");
    expect(content.general_feedback).toBe("<p>Done</p>");
    expect(content.choices[0].text).toBe("<b>Bold</b>");
    expect(content.choices[1].feedback).toBe('<a target="_blank" rel="noopener noreferrer">x</a>');

    const emptied = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
      json: { type: "true_false", name: "Empty", stem: "<script>x</script>", correct: true },
    });
    expect(emptied.status).toBe(400);
    expect(emptied.json.error.message).toBe("stem: stem is required");
  });

  it("an edit makes version 2; version 1 stays as it was; the type cannot change", async () => {
    const bank = await newBank(acme.users.instructor);
    const created = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
      json: { type: "short_answer", name: "Sodium", tags: ["chemistry"], ...QUESTIONS.short_answer },
    });
    const id = created.json.id as string;
    const v1 = created.json.current;
    const edited = await as(acme, acme.users.org_admin, `/api/question-banks/${bank}/questions/${id}`, {
      method: "PUT",
      json: {
        type: "short_answer",
        name: "Sodium (edited)",
        stem: "<p>Symbol of Na?</p>",
        answers: [
          { text: "Na", fraction: 1 },
          { text: "N*", fraction: 0.5 },
        ],
      },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ name: "Sodium (edited)", current_version: 2, tags: ["chemistry"] });
    expect(edited.json.current).toMatchObject({ version: 2, created_by_id: acme.users.org_admin.id });
    expect(edited.json.versions.map((v: { version: number; name: string }) => [v.version, v.name])).toEqual([
      [2, "Sodium (edited)"],
      [1, "Sodium"],
    ]);

    const first = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions/${id}/versions/1`);
    expect(first.status).toBe(200);
    expect(first.json).toEqual(v1);
    expect(first.json.content.answers).toEqual([{ text: "Na", fraction: 1, feedback: "" }]);
    expect(
      (await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions/${id}/versions/3`)).status,
    ).toBe(404);
    expect(
      (await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions/${id}/versions/x`)).status,
    ).toBe(404);

    const retyped = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions/${id}`, {
      method: "PUT",
      json: { type: "true_false", name: "Sodium", stem: "<p>?</p>", correct: true },
    });
    expect(retyped.status).toBe(400);
    expect(retyped.json.error.message).toBe(
      "A question's type cannot change (it is short_answer): make a new question instead",
    );
  });

  it("lists by name, filtered by tags (all of them), type, archived, and searched", async () => {
    const bank = await newBank(acme.users.instructor);
    const make = async (name: string, type: string, tags: string[]) =>
      (
        await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
          json: { type, name, tags, ...QUESTIONS[type] },
        })
      ).json.id as string;
    const alpha = await make("Alpha", "true_false", ["algebra", "week 1"]);
    const beta = await make("Beta", "numeric", ["algebra"]);
    const gamma = await make("Gamma", "true_false", ["geometry", "week 1"]);
    await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions/${gamma}`, {
      method: "PATCH",
      json: { archived: true },
    });
    const list = async (query: string) =>
      (await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions?${query}`)).json.items.map(
        (q: { id: string }) => q.id,
      );
    expect(await list("")).toEqual([alpha, beta]);
    expect(await list("tag=Algebra")).toEqual([alpha, beta]);
    expect(await list("tag=algebra,week%201")).toEqual([alpha]);
    expect(await list("type=numeric")).toEqual([beta]);
    expect(await list("archived=true")).toEqual([gamma]);
    expect(await list("archived=all&tag=week%201")).toEqual([alpha, gamma]);
    expect(await list("q=bet")).toEqual([beta]);
    const bad = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions?type=poll`);
    expect(bad.status).toBe(400);
    // An archived question is restored before it is edited.
    const locked = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions/${gamma}`, {
      method: "PUT",
      json: { type: "true_false", name: "Gamma", ...QUESTIONS.true_false },
    });
    expect(locked.status).toBe(409);
  });

  it("moves to another bank of the caller's, not to another instructor's", async () => {
    const from = await newBank(acme.users.instructor);
    const to = await newBank(acme.users.instructor);
    const theirs = await newBank(otherInstructor);
    const id = (
      await as(acme, acme.users.instructor, `/api/question-banks/${from}/questions`, {
        json: { type: "true_false", name: "Move me", ...QUESTIONS.true_false },
      })
    ).json.id;
    const refused = await as(acme, acme.users.instructor, `/api/question-banks/${from}/questions/${id}`, {
      method: "PATCH",
      json: { bank_id: theirs },
    });
    expect(refused.status).toBe(404);
    const moved = await as(acme, acme.users.instructor, `/api/question-banks/${from}/questions/${id}`, {
      method: "PATCH",
      json: { bank_id: to },
    });
    expect(moved.json.bank_id).toBe(to);
    expect((await as(acme, acme.users.instructor, `/api/question-banks/${from}/questions/${id}`)).status).toBe(404);
    expect((await as(acme, acme.users.instructor, `/api/question-banks/${to}/questions/${id}`)).status).toBe(200);
  });

  it("bad input is a 400 naming the field and rule", async () => {
    const bank = await newBank(acme.users.instructor);
    const res = await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
      json: {
        type: "multiple_response",
        name: "MR",
        stem: "<p>?</p>",
        choices: [
          { text: "a", fraction: 0.5 },
          { text: "b", fraction: 0.2 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: "VALIDATION_FAILED",
      message: "choices: The positive fractions of the choices must add up to 1 (they add up to 0.7)",
      fieldErrors: { choices: ["The positive fractions of the choices must add up to 1 (they add up to 0.7)"] },
    });
    const notJson = await call(acme.subdomain, `/api/question-banks/${bank}/questions`, {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
      bearer: await cachedSignIn(acme.subdomain, acme.users.instructor),
    });
    expect(notJson.status).toBe(400);
  });
});

describe("who may", () => {
  it("learners get a 403, visitors a 401", async () => {
    const bank = await newBank(acme.users.instructor);
    expect((await as(acme, acme.users.learner, "/api/question-banks")).status).toBe(403);
    expect((await as(acme, acme.users.learner, `/api/question-banks/${bank}`)).status).toBe(403);
    expect((await as(acme, acme.users.learner, "/api/question-banks", { json: { name: "Mine" } })).status).toBe(403);
    expect((await call(acme.subdomain, "/api/question-banks")).status).toBe(401);
  });

  it("an instructor sees only their own banks (another's is a 404); admins see every bank", async () => {
    const mine = await newBank(acme.users.instructor);
    const theirs = await newBank(otherInstructor);
    for (const [method, path, json] of [
      ["GET", `/api/question-banks/${theirs}`, undefined],
      ["PATCH", `/api/question-banks/${theirs}`, { name: "Taken over" }],
      ["DELETE", `/api/question-banks/${theirs}`, undefined],
      ["GET", `/api/question-banks/${theirs}/questions`, undefined],
      ["POST", `/api/question-banks/${theirs}/questions`, { type: "true_false", name: "x", ...QUESTIONS.true_false }],
      ["POST", "/api/question-banks", { name: uniqueName("Nested "), parent_id: theirs }],
      ["PATCH", `/api/question-banks/${mine}`, { parent_id: theirs }],
    ] as const) {
      const res = await as(acme, acme.users.instructor, path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const listed = (await as(acme, acme.users.instructor, "/api/question-banks?page_size=100")).json.items.map(
      (b: { id: string }) => b.id,
    );
    expect(listed).toContain(mine);
    expect(listed).not.toContain(theirs);
    expect((await as(acme, acme.users.org_admin, `/api/question-banks/${theirs}`)).status).toBe(200);
    expect((await as(acme, acme.users.admin, `/api/question-banks/${mine}`)).status).toBe(200);
  });

  it("another organization's banks, questions and versions are 404s, and its list shows none", async () => {
    const bank = await newBank(acme.users.instructor);
    const q = (
      await as(acme, acme.users.instructor, `/api/question-banks/${bank}/questions`, {
        json: { type: "true_false", name: "Secret", ...QUESTIONS.true_false },
      })
    ).json.id;
    for (const path of [
      `/api/question-banks/${bank}`,
      `/api/question-banks/${bank}/questions`,
      `/api/question-banks/${bank}/questions/${q}`,
      `/api/question-banks/${bank}/questions/${q}/versions/1`,
    ]) {
      const res = await as(globex, globex.users.org_admin, path);
      expect(res.status, path).toBe(404);
    }
    const theirBank = (await as(globex, globex.users.org_admin, "/api/question-banks", { json: { name: "Theirs" } }))
      .json.id;
    // A question of A's asked for under B's own bank is no question there either.
    expect((await as(globex, globex.users.org_admin, `/api/question-banks/${theirBank}/questions/${q}`)).status).toBe(
      404,
    );
    expect(
      (await as(globex, globex.users.org_admin, "/api/question-banks", { json: { name: "x", parent_id: bank } }))
        .status,
    ).toBe(404);
    expect((await as(globex, globex.users.org_admin, `/api/question-banks?parent_id=${bank}`)).json.total).toBe(0);
  });

  it("a deleted author's banks, questions and versions stay, authorless", async () => {
    const author = await createUser(acme.id, "instructor");
    const bank = await newBank(author);
    const id = (
      await as(acme, author, `/api/question-banks/${bank}/questions`, {
        json: { type: "true_false", name: "Kept", ...QUESTIONS.true_false },
      })
    ).json.id;
    expect((await as(acme, acme.users.org_admin, `/api/admin/users/${author.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
    const kept = await as(acme, acme.users.org_admin, `/api/question-banks/${bank}/questions/${id}`);
    expect(kept.status).toBe(200);
    expect(kept.json.current.created_by_id).toBe(null);
    expect((await as(acme, acme.users.org_admin, `/api/question-banks/${bank}`)).json.created_by_id).toBe(null);
  });

  it("the database refuses a question of one organization in another's bank", async () => {
    const bank = await newBank(acme.users.instructor);
    await expect(
      testDb().question.create({
        data: { organizationId: globex.id, bankId: bank, type: "true_false", name: "Smuggled" },
      }),
    ).rejects.toThrow();
  });
});
