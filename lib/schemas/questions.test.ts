import { describe, expect, it } from "vitest";
import {
  createQuestionBankSchema,
  listQuestionsQuerySchema,
  questionContentSchema,
  updateQuestionSchema,
} from "@/lib/schemas/questions";

/** The first issue's path and message, or "ok". */
function verdict(input: unknown): string {
  const result = questionContentSchema.safeParse(input);
  if (result.success) return "ok";
  const issue = result.error.issues[0]!;
  return `${issue.path.join(".")}: ${issue.message}`;
}

const common = { name: "Q", stem: "<p>Ask</p>" };

describe("questionContentSchema: the common fields", () => {
  it("fills the defaults and assigns ids by place", () => {
    const parsed = questionContentSchema.parse({
      ...common,
      type: "single_choice",
      choices: [
        { text: "A", fraction: 1 },
        { id: "b", text: "B", fraction: 0 },
      ],
    });
    expect(parsed).toEqual({
      ...common,
      type: "single_choice",
      default_mark: 1,
      general_feedback: "",
      shuffle: true,
      choices: [
        { id: "c1", text: "A", fraction: 1, feedback: "" },
        { id: "b", text: "B", fraction: 0, feedback: "" },
      ],
    });
  });

  it("names an unknown type, a missing name and a missing stem", () => {
    expect(verdict({ ...common, type: "drag_and_drop" })).toBe(
      "type: type must be one of single_choice, multiple_response, true_false, short_answer, numeric, matching, ordering, fill_in_blanks, essay",
    );
    expect(verdict({ type: "true_false", stem: "x", correct: true })).toBe("name: Name is required");
    expect(verdict({ type: "true_false", name: "x", stem: "  ", correct: true })).toBe("stem: stem is required");
    expect(verdict({ ...common, type: "true_false", correct: true, default_mark: 0 })).toBe(
      "default_mark: default_mark must be positive",
    );
  });

  it("keeps tags trimmed, lower-case and once each", () => {
    const parsed = questionContentSchema.parse({
      ...common,
      type: "true_false",
      correct: false,
      tags: [" Algebra", "algebra", "Week 1"],
    });
    expect(parsed.tags).toEqual(["algebra", "week 1"]);
    expect(verdict({ ...common, type: "true_false", correct: false, tags: ["a,b"] })).toBe(
      "tags.0: A tag must not contain a comma",
    );
  });

  it("refuses the same id twice", () => {
    expect(
      verdict({
        ...common,
        type: "single_choice",
        choices: [
          { id: "x", text: "A", fraction: 1 },
          { id: "x", text: "B", fraction: 0 },
        ],
      }),
    ).toBe("choices.1.id: choices: the id 'x' is used twice");
  });
});

describe("questionContentSchema: each type's rules", () => {
  it("single choice: one choice fully right, fractions within [-1, 1], two choices at least", () => {
    const choices = (...fractions: number[]) => fractions.map((fraction, i) => ({ text: `C${i}`, fraction }));
    expect(verdict({ ...common, type: "single_choice", choices: choices(1, 0) })).toBe("ok");
    expect(verdict({ ...common, type: "single_choice", choices: choices(0.5, 0) })).toBe(
      "choices: One choice must be fully right (fraction 1)",
    );
    expect(verdict({ ...common, type: "single_choice", choices: choices(1, -1.5) })).toBe(
      "choices.1.fraction: fraction must be at least -1",
    );
    expect(verdict({ ...common, type: "single_choice", choices: choices(1) })).toBe("choices: Give at least 2 choices");
  });

  it("multiple response: the positive fractions add up to 1; negatives allowed", () => {
    const choices = (...fractions: number[]) => fractions.map((fraction, i) => ({ text: `C${i}`, fraction }));
    expect(verdict({ ...common, type: "multiple_response", choices: choices(0.5, 0.5, -1) })).toBe("ok");
    expect(verdict({ ...common, type: "multiple_response", choices: choices(0.33333, 0.33333, 0.33333, -0.5) })).toBe(
      "ok",
    );
    expect(verdict({ ...common, type: "multiple_response", choices: choices(0.5, 0.4, 0) })).toBe(
      "choices: The positive fractions of the choices must add up to 1 (they add up to 0.9)",
    );
  });

  it("true/false: correct is a boolean", () => {
    expect(verdict({ ...common, type: "true_false", correct: "yes" })).toBe("correct: correct must be true or false");
  });

  it("short answer: an answer fully right, fractions within [0, 1]", () => {
    expect(verdict({ ...common, type: "short_answer", answers: [{ text: "Par*", fraction: 1 }] })).toBe("ok");
    expect(verdict({ ...common, type: "short_answer", answers: [{ text: "Paris", fraction: 0.5 }] })).toBe(
      "answers: One answer must be fully right (fraction 1)",
    );
    expect(
      verdict({
        ...common,
        type: "short_answer",
        answers: [
          { text: "Paris", fraction: 1 },
          { text: "x", fraction: -0.5 },
        ],
      }),
    ).toBe("answers.1.fraction: An answer's fraction must be between 0 and 1");
  });

  it("numeric: a value with a tolerance or a range, units with one of multiplier 1", () => {
    const ok = { ...common, type: "numeric", answers: [{ value: 1.5, tolerance: 0.01, fraction: 1 }] };
    expect(verdict(ok)).toBe("ok");
    expect(verdict({ ...ok, answers: [{ min: 1, max: 2, fraction: 1 }] })).toBe("ok");
    expect(verdict({ ...ok, answers: [{ fraction: 1 }] })).toBe(
      "answers.0: An answer is either a value (with a tolerance) or a range (min and max)",
    );
    expect(verdict({ ...ok, answers: [{ value: 1, min: 0, max: 2, fraction: 1 }] })).toBe(
      "answers.0: An answer is either a value (with a tolerance) or a range (min and max)",
    );
    expect(verdict({ ...ok, answers: [{ min: 3, max: 2, fraction: 1 }] })).toBe(
      "answers.0.min: min must not exceed max",
    );
    expect(verdict({ ...ok, answers: [{ min: 1, fraction: 1 }] })).toBe("answers.0: A range needs both min and max");
    expect(verdict({ ...ok, units: [{ unit: "cm", multiplier: 100 }] })).toBe(
      "units: One unit must have multiplier 1: the unit the answers are in",
    );
    expect(verdict({ ...ok, unit_required: true })).toBe(
      "unit_required: A unit can only be required when units are listed",
    );
    expect(
      verdict({
        ...ok,
        units: [
          { unit: "m", multiplier: 1 },
          { unit: "cm", multiplier: 100 },
        ],
        unit_required: true,
      }),
    ).toBe("ok");
  });

  it("matching: two pairs at least, distractors are no pair's answer", () => {
    const pairs = [
      { prompt: "France", answer: "Paris" },
      { prompt: "Italy", answer: "Rome" },
    ];
    expect(verdict({ ...common, type: "matching", pairs, distractors: ["Lyon"] })).toBe("ok");
    expect(verdict({ ...common, type: "matching", pairs, distractors: ["Rome"] })).toBe(
      "distractors.0: 'Rome' is a pair's answer, not a distractor",
    );
  });

  it("ordering: two items at least, a known grading", () => {
    const items = [{ text: "One" }, { text: "Two" }];
    expect(verdict({ ...common, type: "ordering", items })).toBe("ok");
    expect(verdict({ ...common, type: "ordering", items, grading: "kendall" })).toBe(
      "grading: grading must be one of all_or_nothing, absolute_position, relative_next",
    );
  });

  it("ordering: items without an id get random ones, so the ids a learner receives do not tell the order", () => {
    const parsed = questionContentSchema.parse({
      ...common,
      type: "ordering",
      items: [{ text: "One" }, { text: "Two" }, { id: "mine", text: "Three" }],
    }) as { items: { id: string }[] };
    const [first, second, third] = parsed.items.map((i) => i.id);
    expect(first).toMatch(/^i[a-z0-9]{8}$/);
    expect(second).toMatch(/^i[a-z0-9]{8}$/);
    expect(first).not.toBe(second);
    expect(third).toBe("mine");
  });

  it("fill in the blanks: each gap's marker once in the stem, each marker a gap, each gap its type's rules", () => {
    const gaps = [
      { id: "city", type: "short_answer", answers: [{ text: "Paris", fraction: 1 }] },
      { id: "year", type: "numeric", answers: [{ value: 1889, fraction: 1 }] },
      {
        id: "pick",
        type: "choice",
        choices: [
          { text: "iron", fraction: 1 },
          { text: "wood", fraction: 0 },
        ],
      },
    ];
    const stem = "The tower in [[city]] was built in [[year]] of [[pick]].";
    expect(verdict({ ...common, type: "fill_in_blanks", stem, gaps })).toBe("ok");
    expect(verdict({ ...common, type: "fill_in_blanks", stem: "In [[city]] of [[pick]].", gaps })).toBe(
      "stem: The stem must hold the gap [[year]] exactly once (it holds it 0 times)",
    );
    expect(verdict({ ...common, type: "fill_in_blanks", stem: `${stem} [[other]]`, gaps })).toBe(
      "stem: The stem holds [[other]], but no gap has that id",
    );
    expect(
      verdict({
        ...common,
        type: "fill_in_blanks",
        stem,
        gaps: [
          gaps[0],
          gaps[1],
          {
            ...gaps[2],
            choices: [
              { text: "a", fraction: 0.5 },
              { text: "b", fraction: 0 },
            ],
          },
        ],
      }),
    ).toBe("gaps.2.choices: One choice must be fully right (fraction 1)");
    expect(verdict({ ...common, type: "fill_in_blanks", stem, gaps: [{ ...gaps[0], type: "cloze" }] })).toBe(
      "gaps.0.type: A gap's type must be short_answer, numeric or choice",
    );
  });

  it("essay: a comment or a rubric, words in order", () => {
    expect(verdict({ ...common, type: "essay" })).toBe("ok");
    const criteria = [
      {
        id: "clarity",
        description: "Clear",
        levels: [
          { points: 0, description: "No" },
          { points: 2, description: "Yes" },
        ],
      },
    ];
    expect(verdict({ ...common, type: "essay", grading: { method: "rubric", criteria } })).toBe("ok");
    expect(verdict({ ...common, type: "essay", grading: { method: "rubric", criteria: [] } })).toBe(
      "grading.criteria: A rubric needs at least 1 criterion",
    );
    expect(verdict({ ...common, type: "essay", min_words: 300, max_words: 100 })).toBe(
      "min_words: min_words must not exceed max_words",
    );
  });
});

describe("bank and list inputs", () => {
  it("a bank needs a name; parent_id is an id or null", () => {
    expect(createQuestionBankSchema.safeParse({ name: " " }).error?.issues[0]?.message).toBe("Name is required");
    expect(createQuestionBankSchema.parse({ name: "Algebra", parent_id: null })).toEqual({
      name: "Algebra",
      parent_id: null,
    });
  });

  it("a question's update names something to change", () => {
    expect(updateQuestionSchema.safeParse({}).error?.issues[0]?.message).toBe("Give tags, archived or bank_id");
  });

  it("the list's tag filter is comma-separated, lower-case, once each", () => {
    expect(listQuestionsQuerySchema.parse({ tag: "Week 1, algebra,,week 1" })).toEqual({
      page: 1,
      page_size: 20,
      tag: ["week 1", "algebra"],
      archived: "false",
    });
    expect(listQuestionsQuerySchema.safeParse({ type: "nope" }).error?.issues[0]?.message).toBe(
      "type must be one of single_choice, multiple_response, true_false, short_answer, numeric, matching, ordering, fill_in_blanks, essay",
    );
  });
});
