import { describe, expect, it } from "vitest";
import { displayOrderFor, type RandomInt } from "@/lib/assessments/display-order";
import { learnerQuestionView } from "@/lib/assessments/learner-view";
import { QUESTION_TYPES, questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";

// Every secret of every type carries the word SECRET (feedback, grader guidance, the author's name) or is a
// value no learner view may hold (a right number, a short answer's pattern, a unit's multiplier).
const SAMPLES: Record<(typeof QUESTION_TYPES)[number], unknown> = {
  single_choice: {
    type: "single_choice",
    name: "SECRET name Paris",
    stem: "<p>Capital of France?</p>",
    general_feedback: "<p>SECRET general</p>",
    choices: [
      { id: "a", text: "Paris", fraction: 1, feedback: "<p>SECRET yes</p>" },
      { id: "b", text: "Lyon", fraction: 0, feedback: "<p>SECRET no</p>" },
    ],
  },
  multiple_response: {
    type: "multiple_response",
    name: "SECRET name",
    stem: "<p>Primes?</p>",
    choices: [
      { id: "two", text: "2", fraction: 0.5, feedback: "SECRET 2" },
      { id: "three", text: "3", fraction: 0.5, feedback: "SECRET 3" },
      { id: "four", text: "4", fraction: -1, feedback: "SECRET 4" },
    ],
  },
  true_false: {
    type: "true_false",
    name: "SECRET name",
    stem: "<p>The earth is flat.</p>",
    correct: false,
    feedback_true: "SECRET true",
    feedback_false: "SECRET false",
  },
  short_answer: {
    type: "short_answer",
    name: "SECRET name",
    stem: "<p>Symbol of sodium?</p>",
    case_sensitive: true,
    answers: [
      { text: "Naxyz", fraction: 1, feedback: "SECRET right" },
      { text: "N*", fraction: 0.5 },
    ],
  },
  numeric: {
    type: "numeric",
    name: "SECRET name",
    stem: "<p>How long?</p>",
    answers: [
      { value: 4242.5, tolerance: 0.125, fraction: 1, feedback: "SECRET exact" },
      { min: 3131, max: 3232, fraction: 0.5 },
    ],
    units: [
      { unit: "m", multiplier: 1 },
      { unit: "cm", multiplier: 977 },
    ],
  },
  matching: {
    type: "matching",
    name: "SECRET name",
    stem: "<p>Match</p>",
    pairs: [
      { id: "fr", prompt: "France", answer: "Paris" },
      { id: "it", prompt: "Italy", answer: "Rome" },
    ],
    distractors: ["Lyon"],
  },
  ordering: {
    type: "ordering",
    name: "SECRET name",
    stem: "<p>Smallest first</p>",
    items: [
      { id: "i1", text: "Atom" },
      { id: "i2", text: "Cell" },
      { id: "i3", text: "Planet" },
    ],
    grading: "relative_next",
  },
  fill_in_blanks: {
    type: "fill_in_blanks",
    name: "SECRET name",
    stem: "<p>Built in [[year]] in [[city]] by [[who]].</p>",
    gaps: [
      { id: "year", type: "numeric", answers: [{ value: 1889, tolerance: 0.5, fraction: 1, feedback: "SECRET y" }] },
      {
        id: "city",
        type: "choice",
        weight: 2,
        choices: [
          { text: "Paris", fraction: 1, feedback: "SECRET c" },
          { text: "Rome", fraction: 0 },
        ],
      },
      { id: "who", type: "short_answer", answers: [{ text: "Eiffelxyz", fraction: 1 }] },
    ],
  },
  essay: {
    type: "essay",
    name: "SECRET name",
    stem: "<p>Discuss.</p>",
    min_words: 10,
    grader_info: "<p>SECRET guidance</p>",
    grading: {
      method: "rubric",
      criteria: [
        {
          id: "clarity",
          description: "SECRET criterion",
          levels: [
            { points: 0, description: "SECRET unclear" },
            { points: 2, description: "SECRET clear" },
          ],
        },
      ],
    },
  },
};

/** Words and values that must never appear in what a learner taking the quiz receives. */
const FORBIDDEN = [
  "SECRET",
  "fraction",
  "feedback",
  "grader",
  "correct",
  "tolerance",
  "case_sensitive",
  "multiplier",
  "rubric",
  "criteria",
  "weight",
  "grading",
  "name",
  "4242.5",
  "3131",
  "977",
  "1889",
  "Naxyz",
  "Eiffelxyz",
];

const content = (type: keyof typeof SAMPLES): QuestionContent => questionContentSchema.parse(SAMPLES[type]);
const first: RandomInt = () => 0;

describe("learnerQuestionView", () => {
  it.each(QUESTION_TYPES)("%s: no fraction, feedback, grader guidance or right answer survives", (type) => {
    const text = JSON.stringify(learnerQuestionView(content(type), displayOrderFor(content(type), true, first)));
    for (const word of FORBIDDEN) expect(text, `${type} holds ${word}`).not.toContain(word);
    expect(JSON.parse(text)).toMatchObject({ type });
  });

  it("single choice: the choices' ids and texts, in the attempt's order", () => {
    const view = learnerQuestionView(content("single_choice"), { choices: ["b", "a"] });
    expect(view).toEqual({
      type: "single_choice",
      stem: "<p>Capital of France?</p>",
      choices: [
        { id: "b", text: "Lyon" },
        { id: "a", text: "Paris" },
      ],
    });
  });

  it("images of the stem and the choices reach the learner as stored (the sanitizer kept only the organization's own)", () => {
    const IMG =
      '<img src="/uploads/content-images/3f2b6a0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a.webp" alt="A cell" />';
    const question = questionContentSchema.parse({
      type: "single_choice",
      name: "Cell",
      stem: `<p>Which is this? ${IMG}</p>`,
      choices: [
        { id: "a", text: `<p>${IMG}</p>`, fraction: 1 },
        { id: "b", text: "Neither", fraction: 0 },
      ],
    });
    expect(learnerQuestionView(question, { choices: ["a", "b"] })).toEqual({
      type: "single_choice",
      stem: `<p>Which is this? ${IMG}</p>`,
      choices: [
        { id: "a", text: `<p>${IMG}</p>` },
        { id: "b", text: "Neither" },
      ],
    });
  });

  it("matching: the prompts, and every answer once with the distractors, in the attempt's order", () => {
    const view = learnerQuestionView(content("matching"), {
      prompts: ["it", "fr"],
      answers: ["Rome", "Lyon", "Paris"],
    });
    expect(view).toEqual({
      type: "matching",
      stem: "<p>Match</p>",
      prompts: [
        { id: "it", prompt: "Italy" },
        { id: "fr", prompt: "France" },
      ],
      answers: ["Rome", "Lyon", "Paris"],
    });
  });

  it("fill in the blanks: each gap's kind, a choice gap's choices, a numeric gap's unit names", () => {
    const view = learnerQuestionView(content("fill_in_blanks"), { gaps: { city: ["c2", "c1"] } });
    expect(view).toEqual({
      type: "fill_in_blanks",
      stem: "<p>Built in [[year]] in [[city]] by [[who]].</p>",
      gaps: [
        { id: "year", type: "numeric", units: [], unit_required: false },
        {
          id: "city",
          type: "choice",
          choices: [
            { id: "c2", text: "Rome" },
            { id: "c1", text: "Paris" },
          ],
        },
        { id: "who", type: "short_answer" },
      ],
    });
  });

  it("numeric: the unit names only; essay: the word limits only", () => {
    expect(learnerQuestionView(content("numeric"), {})).toEqual({
      type: "numeric",
      stem: "<p>How long?</p>",
      units: ["m", "cm"],
      unit_required: false,
    });
    expect(learnerQuestionView(content("essay"), {})).toEqual({
      type: "essay",
      stem: "<p>Discuss.</p>",
      min_words: 10,
      max_words: null,
    });
  });
});

describe("displayOrderFor", () => {
  it("never shows ordering items in the right order", () => {
    // A "random" source that leaves every item in place.
    const keep: RandomInt = (n) => n - 1;
    expect(displayOrderFor(content("ordering"), false, keep)).toEqual({ items: ["i2", "i3", "i1"] });
  });

  it("keeps choices in the written order when the quiz does not shuffle", () => {
    expect(displayOrderFor(content("single_choice"), false, first)).toEqual({ choices: ["a", "b"] });
    expect(displayOrderFor(content("single_choice"), true, first)).toEqual({ choices: ["b", "a"] });
  });

  it("has nothing to order for the types without parts", () => {
    for (const type of ["true_false", "short_answer", "numeric", "essay"] as const)
      expect(displayOrderFor(content(type), true, first)).toEqual({});
  });
});
