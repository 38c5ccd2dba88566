import { describe, expect, it } from "vitest";
import { correctAnswerOf, feedbackFor } from "@/lib/assessments/review-view";
import { questionContentSchema } from "@/lib/schemas/questions";

const choice = questionContentSchema.parse({
  type: "multiple_response",
  name: "Primes",
  stem: "<p>Primes?</p>",
  general_feedback: "<p>Primes have two divisors.</p>",
  choices: [
    { id: "two", text: "2", fraction: 0.5, feedback: "<p>2 is prime</p>" },
    { id: "three", text: "3", fraction: 0.5 },
    { id: "four", text: "4", fraction: -1, feedback: "<p>4 = 2 × 2</p>" },
  ],
});

const numeric = questionContentSchema.parse({
  type: "numeric",
  name: "Length",
  stem: "<p>How long?</p>",
  answers: [
    { value: 1.5, tolerance: 0.01, fraction: 1, feedback: "Exactly" },
    { min: 1, max: 2, fraction: 0.5, feedback: "Close" },
  ],
  units: [
    { unit: "m", multiplier: 1 },
    { unit: "cm", multiplier: 100 },
  ],
});

describe("correctAnswerOf", () => {
  it("names the right choices, values, matches and order", () => {
    expect(correctAnswerOf(choice)).toEqual({ choice_ids: ["two", "three"] });
    expect(correctAnswerOf(numeric)).toEqual({ numbers: [{ value: 1.5, tolerance: 0.01 }] });
    const ordering = questionContentSchema.parse({
      type: "ordering",
      name: "Sizes",
      stem: "<p>Smallest first</p>",
      items: [
        { id: "atom", text: "Atom" },
        { id: "cell", text: "Cell" },
      ],
    });
    expect(correctAnswerOf(ordering)).toEqual({ order: ["atom", "cell"] });
    const essay = questionContentSchema.parse({ type: "essay", name: "Discuss", stem: "<p>Discuss.</p>" });
    expect(correctAnswerOf(essay)).toBeNull();
  });
});

describe("feedbackFor", () => {
  it("gives the general feedback and that of the choices picked, in the question's order", () => {
    expect(feedbackFor(choice, { choice_ids: ["four", "two"] })).toEqual({
      general: "<p>Primes have two divisors.</p>",
      specific: ["<p>2 is prime</p>", "<p>4 = 2 × 2</p>"],
    });
  });
  it("gives the feedback of the first numeric answer the response falls within, units converted", () => {
    expect(feedbackFor(numeric, { text: "150 cm" }).specific).toEqual(["Exactly"]);
    expect(feedbackFor(numeric, { text: "1.8" }).specific).toEqual(["Close"]);
    expect(feedbackFor(numeric, { text: "nine" }).specific).toEqual([]);
  });
  it("gives the general feedback alone for no response", () => {
    expect(feedbackFor(choice, null)).toEqual({ general: "<p>Primes have two divisors.</p>", specific: [] });
  });
});
