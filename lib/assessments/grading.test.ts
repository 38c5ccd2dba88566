import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradeResponse, parseNumericResponse, shortAnswerPattern } from "@/lib/assessments/grading";
import { questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";

// Expected fractions are written out by hand from docs/assessments.md "Grading"; the properties check
// what holds for any content and any response: a fraction in [0, 1], and the right answer scores 1.

const q = (input: Record<string, unknown>): QuestionContent =>
  questionContentSchema.parse({ name: "Q", stem: "<p>Q</p>", ...input });

describe("single choice", () => {
  const question = q({
    type: "single_choice",
    choices: [
      { id: "a", text: "A", fraction: 1 },
      { id: "b", text: "B", fraction: 0.5 },
      { id: "c", text: "C", fraction: -0.5 },
    ],
  });
  it("scores the chosen choice's fraction, a negative one as 0", () => {
    expect(gradeResponse(question, { choice_id: "a" })).toBe(1);
    expect(gradeResponse(question, { choice_id: "b" })).toBe(0.5);
    expect(gradeResponse(question, { choice_id: "c" })).toBe(0);
    expect(gradeResponse(question, { choice_id: "zz" })).toBe(0);
  });
  it("scores a response of another shape as 0", () => {
    expect(gradeResponse(question, null)).toBe(0);
    expect(gradeResponse(question, { choice_ids: ["a"] })).toBe(0);
  });
});

describe("multiple response", () => {
  const question = q({
    type: "multiple_response",
    choices: [
      { id: "a", text: "A", fraction: 0.5 },
      { id: "b", text: "B", fraction: 0.5 },
      { id: "c", text: "C", fraction: -1 },
      { id: "d", text: "D", fraction: -0.25 },
    ],
  });
  it("adds the chosen fractions, clamped to [0, 1]", () => {
    expect(gradeResponse(question, { choice_ids: ["a", "b"] })).toBe(1);
    expect(gradeResponse(question, { choice_ids: ["a"] })).toBe(0.5);
    expect(gradeResponse(question, { choice_ids: ["a", "b", "d"] })).toBe(0.75);
    expect(gradeResponse(question, { choice_ids: ["a", "c"] })).toBe(0);
    expect(gradeResponse(question, { choice_ids: [] })).toBe(0);
  });
  it("scores every right choice 1 when their fractions add up to 1 within the slack", () => {
    const thirds = q({
      type: "multiple_response",
      choices: [0.33333, 0.33333, 0.33333, 0].map((f, i) => ({ id: `c${i}`, text: "C", fraction: f })),
    });
    expect(gradeResponse(thirds, { choice_ids: ["c0", "c1", "c2"] })).toBe(1);
    expect(gradeResponse(thirds, { choice_ids: ["c0", "c1"] })).toBe(0.66666);
  });
  it("counts a choice named twice once", () => {
    expect(gradeResponse(question, { choice_ids: ["a", "a"] })).toBe(0.5);
  });
});

describe("true/false", () => {
  it("is right or wrong", () => {
    const question = q({ type: "true_false", correct: false });
    expect(gradeResponse(question, { value: false })).toBe(1);
    expect(gradeResponse(question, { value: true })).toBe(0);
    expect(gradeResponse(question, { value: "false" })).toBe(0);
  });
});

describe("short answer", () => {
  const question = q({
    type: "short_answer",
    answers: [
      { text: "Paris", fraction: 1 },
      { text: "Par*", fraction: 0.5 },
      { text: "*", fraction: 0.1 },
    ],
  });
  it("takes the first answer that matches, without case by default, spaces collapsed", () => {
    expect(gradeResponse(question, { text: "  paris " })).toBe(1);
    expect(gradeResponse(question, { text: "Parys" })).toBe(0.5);
    expect(gradeResponse(question, { text: "London" })).toBe(0.1);
    expect(gradeResponse(question, { text: "   " })).toBe(0);
  });
  it("with case when asked; a written star matches a star only", () => {
    const exact = q({
      type: "short_answer",
      case_sensitive: true,
      answers: [
        { text: "NaCl", fraction: 1 },
        { text: "a\\*b", fraction: 0.5 },
      ],
    });
    expect(gradeResponse(exact, { text: "NaCl" })).toBe(1);
    expect(gradeResponse(exact, { text: "nacl" })).toBe(0);
    expect(gradeResponse(exact, { text: "a*b" })).toBe(0.5);
    expect(gradeResponse(exact, { text: "axb" })).toBe(0);
  });
  it("treats the pattern's other characters as themselves", () => {
    expect(shortAnswerPattern("a.b (c)?", false).test("a.b (c)?")).toBe(true);
    expect(shortAnswerPattern("a.b (c)?", false).test("axb (c)")).toBe(false);
    expect(shortAnswerPattern("x * y", true).test("x plus y")).toBe(true);
  });
});

describe("numeric", () => {
  const question = q({
    type: "numeric",
    answers: [
      { value: 1.5, tolerance: 0.05, fraction: 1 },
      { min: 1, max: 2, fraction: 0.5 },
    ],
    units: [
      { unit: "m", multiplier: 1 },
      { unit: "cm", multiplier: 100 },
    ],
  });
  it("scores within the tolerance, then the range", () => {
    expect(gradeResponse(question, { text: "1.5" })).toBe(1);
    expect(gradeResponse(question, { text: "1.54" })).toBe(1);
    expect(gradeResponse(question, { text: "1.6" })).toBe(0.5);
    expect(gradeResponse(question, { text: "2" })).toBe(0.5);
    expect(gradeResponse(question, { text: "2.01" })).toBe(0);
    expect(gradeResponse(question, { text: "one and a half" })).toBe(0);
  });
  it("converts units by their multiplier; an unknown unit is wrong", () => {
    expect(gradeResponse(question, { text: "150 cm" })).toBe(1);
    expect(gradeResponse(question, { text: "1.5m" })).toBe(1);
    expect(gradeResponse(question, { text: "1.5 km" })).toBe(0);
  });
  it("without a required unit is wrong", () => {
    expect(parseNumericResponse("1.5", [{ unit: "m", multiplier: 1 }], true)).toBe(null);
    expect(parseNumericResponse("1.5 m", [{ unit: "m", multiplier: 1 }], true)).toBe(1.5);
    expect(parseNumericResponse("-2e3", [], false)).toBe(-2000);
    expect(parseNumericResponse(".5", [], false)).toBe(0.5);
  });
  it("forgives binary rounding at the edge of an exact answer", () => {
    const exact = q({ type: "numeric", answers: [{ value: 0.3, fraction: 1 }] });
    expect(gradeResponse(exact, { text: String(0.1 + 0.2) })).toBe(1);
  });
});

describe("matching", () => {
  const question = q({
    type: "matching",
    pairs: [
      { id: "fr", prompt: "France", answer: "Paris" },
      { id: "it", prompt: "Italy", answer: "Rome" },
      { id: "de", prompt: "Germany", answer: "Berlin" },
      { id: "es", prompt: "Spain", answer: "Madrid" },
    ],
    distractors: ["Lyon"],
  });
  it("scores the share of pairs matched", () => {
    expect(gradeResponse(question, { matches: { fr: "Paris", it: "Rome", de: "Berlin", es: "Madrid" } })).toBe(1);
    expect(gradeResponse(question, { matches: { fr: "Paris", it: "Lyon", de: "Berlin" } })).toBe(0.5);
    expect(gradeResponse(question, { matches: {} })).toBe(0);
  });
});

describe("ordering", () => {
  const items = ["a", "b", "c", "d", "e"].map((id) => ({ id, text: id.toUpperCase() }));
  it("all or nothing", () => {
    const question = q({ type: "ordering", items });
    expect(gradeResponse(question, { order: ["a", "b", "c", "d", "e"] })).toBe(1);
    expect(gradeResponse(question, { order: ["b", "a", "c", "d", "e"] })).toBe(0);
    expect(gradeResponse(question, { order: ["a", "b", "c", "d"] })).toBe(0);
  });
  it("absolute position: the share of items in their place", () => {
    const question = q({ type: "ordering", items, grading: "absolute_position" });
    expect(gradeResponse(question, { order: ["b", "a", "c", "d", "e"] })).toBe(0.6);
    expect(gradeResponse(question, { order: ["e", "a", "b", "c", "d"] })).toBe(0);
  });
  it("relative to the next: the share of right neighbours", () => {
    const question = q({ type: "ordering", items, grading: "relative_next" });
    expect(gradeResponse(question, { order: ["e", "a", "b", "c", "d"] })).toBe(0.75);
    expect(gradeResponse(question, { order: ["e", "d", "c", "b", "a"] })).toBe(0);
  });
});

describe("fill in the blanks", () => {
  const question = q({
    type: "fill_in_blanks",
    stem: "The tower in [[city]] was built in [[year]] of [[pick]].",
    gaps: [
      { id: "city", type: "short_answer", answers: [{ text: "Paris", fraction: 1 }], weight: 2 },
      { id: "year", type: "numeric", answers: [{ value: 1889, tolerance: 1, fraction: 1 }] },
      {
        id: "pick",
        type: "choice",
        choices: [
          { id: "iron", text: "iron", fraction: 1 },
          { id: "steel", text: "steel", fraction: 0.5 },
          { id: "wood", text: "wood", fraction: -1 },
        ],
      },
    ],
  });
  it("weighs each gap's fraction", () => {
    expect(gradeResponse(question, { gaps: { city: "paris", year: "1888", pick: "iron" } })).toBe(1);
    expect(gradeResponse(question, { gaps: { city: "paris" } })).toBe(0.5);
    expect(gradeResponse(question, { gaps: { city: "Rome", year: "1889", pick: "steel" } })).toBe(0.375);
    expect(gradeResponse(question, { gaps: { city: "Paris", year: "1889", pick: "wood" } })).toBe(0.75);
  });
});

describe("essay", () => {
  it("is for a person to grade", () => {
    expect(gradeResponse(q({ type: "essay" }), { text: "My essay" })).toBe(null);
  });
});

// ── properties ──

const fraction = fc.double({ min: -1, max: 1, noNaN: true });
const word = fc.stringMatching(/^[a-z]{1,8}$/);

/** Random valid content of each auto-graded type, with the response that is fully right. */
const gradable: fc.Arbitrary<{ content: QuestionContent; right: unknown }> = fc.oneof(
  fc.array(fraction, { minLength: 1, maxLength: 6 }).map((others) => ({
    content: q({
      type: "single_choice",
      choices: [
        { id: "right", text: "R", fraction: 1 },
        ...others.map((f, i) => ({ id: `o${i}`, text: "O", fraction: f })),
      ],
    }),
    right: { choice_id: "right" },
  })),
  fc
    .tuple(fc.integer({ min: 1, max: 5 }), fc.array(fc.double({ min: -1, max: 0, noNaN: true }), { maxLength: 5 }))
    .map(([n, negatives]) => ({
      content: q({
        type: "multiple_response",
        choices: [
          ...Array.from({ length: n }, (_, i) => ({ id: `p${i}`, text: "P", fraction: 1 / n })),
          ...negatives.map((f, i) => ({ id: `n${i}`, text: "N", fraction: f })),
          { id: "zero", text: "Z", fraction: 0 },
        ],
      }),
      right: { choice_ids: Array.from({ length: n }, (_, i) => `p${i}`) },
    })),
  fc.boolean().map((correct) => ({ content: q({ type: "true_false", correct }), right: { value: correct } })),
  fc.tuple(word, word, fc.boolean()).map(([before, filler, caseSensitive]) => ({
    content: q({ type: "short_answer", case_sensitive: caseSensitive, answers: [{ text: `${before}*`, fraction: 1 }] }),
    right: { text: `${before}${filler}` },
  })),
  fc
    .tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }))
    .map(([value, tolerance]) => ({
      content: q({
        type: "numeric",
        answers: [{ value, tolerance, fraction: 1 }],
        units: [
          { unit: "m", multiplier: 1 },
          { unit: "mm", multiplier: 1000 },
        ],
      }),
      right: { text: `${value} m` },
    })),
  fc.uniqueArray(word, { minLength: 2, maxLength: 6 }).map((answers) => ({
    content: q({ type: "matching", pairs: answers.map((answer, i) => ({ id: `p${i}`, prompt: "P", answer })) }),
    right: { matches: Object.fromEntries(answers.map((answer, i) => [`p${i}`, answer])) },
  })),
  fc
    .tuple(fc.integer({ min: 2, max: 8 }), fc.constantFrom("all_or_nothing", "absolute_position", "relative_next"))
    .map(([n, grading]) => ({
      content: q({
        type: "ordering",
        grading,
        items: Array.from({ length: n }, (_, i) => ({ id: `i${i}`, text: "I" })),
      }),
      right: { order: Array.from({ length: n }, (_, i) => `i${i}`) },
    })),
  fc.tuple(word, fc.integer({ min: -1000, max: 1000 })).map(([text, value]) => ({
    content: q({
      type: "fill_in_blanks",
      stem: "[[a]] and [[b]] and [[c]]",
      gaps: [
        { id: "a", type: "short_answer", answers: [{ text, fraction: 1 }] },
        { id: "b", type: "numeric", answers: [{ value, fraction: 1 }], weight: 3 },
        {
          id: "c",
          type: "choice",
          choices: [
            { id: "y", text: "y", fraction: 1 },
            { id: "n", text: "n", fraction: -1 },
          ],
        },
      ],
    }),
    right: { gaps: { a: text.toUpperCase(), b: String(value), c: "y" } },
  })),
);

describe("grading properties", () => {
  it("the right response always scores 1", () => {
    fc.assert(
      fc.property(gradable, ({ content, right }) => {
        expect(gradeResponse(content, right)).toBe(1);
      }),
      { numRuns: 500 },
    );
  });

  it("any response scores within [0, 1], negatives clamped", () => {
    fc.assert(
      fc.property(gradable, fc.anything(), ({ content }, response) => {
        const score = gradeResponse(content, response);
        expect(score).not.toBeNull();
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it("any choices picked in a multiple response score within [0, 1]", () => {
    fc.assert(
      fc.property(
        gradable.filter(({ content }) => content.type === "multiple_response"),
        fc.array(fc.nat({ max: 12 })),
        ({ content }, picks) => {
          const ids = content.type === "multiple_response" ? content.choices.map((c) => c.id) : [];
          const score = gradeResponse(content, { choice_ids: picks.map((i) => ids[i % ids.length]!) })!;
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
