import { describe, expect, it } from "vitest";
import { questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";
import { interactionDefinition, interactionResponse, plainWords } from "@/lib/xapi/quiz-interactions";
import { validateActivity } from "@/lib/xapi/validate";

const content = (body: Record<string, unknown>): QuestionContent =>
  questionContentSchema.parse({ name: "The answer is Paris", ...body });

const INTERACTION = "http://adlnet.gov/expapi/activities/cmi.interaction";
const en = (text: string) => ({ "en-US": text });

function expectValidDefinition(definition: unknown) {
  expect(() =>
    validateActivity({ objectType: "Activity", id: "urn:lms:question:q", definition }, "object"),
  ).not.toThrow();
}

describe("quiz questions as xAPI interactions", () => {
  it("single choice: a choice interaction with its choices' words; the response the choice's id", () => {
    const q = content({
      type: "single_choice",
      stem: "<p>Capital of <b>France</b>?</p>",
      choices: [
        { id: "paris", text: "<p>Paris</p>", fraction: 1, feedback: "<p>Yes</p>" },
        { id: "lyon", text: "Lyon &amp; Co", fraction: 0 },
      ],
    });
    const definition = interactionDefinition(q);
    expect(definition).toEqual({
      type: INTERACTION,
      name: en("Capital of France?"),
      description: en("Capital of France?"),
      interactionType: "choice",
      choices: [
        { id: "paris", description: en("Paris") },
        { id: "lyon", description: en("Lyon & Co") },
      ],
    });
    expectValidDefinition(definition);
    expect(interactionResponse(q, { choice_id: "lyon" })).toBe("lyon");
    expect(interactionResponse(q, { choice_id: "rome" })).toBe("");
    expect(interactionResponse(q, { text: "Paris" })).toBeUndefined();
  });

  it("nothing the learner view keeps back: no name, fraction, feedback or correct response", () => {
    const text = JSON.stringify(
      interactionDefinition(
        content({
          type: "single_choice",
          stem: "<p>Capital?</p>",
          general_feedback: "<p>GENERAL</p>",
          choices: [
            { id: "a", text: "Paris", fraction: 1, feedback: "SECRET" },
            { id: "b", text: "Lyon", fraction: 0 },
          ],
        }),
      ),
    );
    for (const word of ["The answer is", "fraction", "SECRET", "GENERAL", "correctResponsesPattern"])
      expect(text).not.toContain(word);
  });

  it("multiple response: the ids chosen joined by [,], in the choices' order", () => {
    const q = content({
      type: "multiple_response",
      stem: "<p>Primes?</p>",
      choices: [
        { id: "two", text: "2", fraction: 0.5 },
        { id: "three", text: "3", fraction: 0.5 },
        { id: "four", text: "4", fraction: -1 },
      ],
    });
    expect(interactionDefinition(q)).toMatchObject({ interactionType: "choice" });
    expect(interactionResponse(q, { choice_ids: ["four", "two", "nine"] })).toBe("two[,]four");
    expect(interactionResponse(q, { choice_ids: [] })).toBe("");
  });

  it("true/false: true-false, answered true or false", () => {
    const q = content({ type: "true_false", stem: "<p>Flat?</p>", correct: false });
    const definition = interactionDefinition(q);
    expect(definition).toEqual({
      type: INTERACTION,
      name: en("Flat?"),
      description: en("Flat?"),
      interactionType: "true-false",
    });
    expectValidDefinition(definition);
    expect(interactionResponse(q, { value: false })).toBe("false");
    expect(interactionResponse(q, { value: true })).toBe("true");
  });

  it("short answer: fill-in with the text typed", () => {
    const q = content({ type: "short_answer", stem: "<p>Sodium?</p>", answers: [{ text: "Na", fraction: 1 }] });
    expect(interactionDefinition(q)).toMatchObject({ interactionType: "fill-in" });
    expect(interactionResponse(q, { text: "na" })).toBe("na");
  });

  it("numeric: the number in the answers' unit; no number, no response", () => {
    const q = content({
      type: "numeric",
      stem: "<p>How long?</p>",
      answers: [{ value: 1.5, tolerance: 0.01, fraction: 1 }],
      units: [
        { unit: "m", multiplier: 1 },
        { unit: "cm", multiplier: 100 },
      ],
    });
    expect(interactionDefinition(q)).toMatchObject({ interactionType: "numeric" });
    expect(interactionResponse(q, { text: "150 cm" })).toBe("1.5");
    expect(interactionResponse(q, { text: "-2e1" })).toBe("-20");
    expect(interactionResponse(q, { text: "long" })).toBeUndefined();
    expect(interactionResponse(q, { text: "3 ft" })).toBeUndefined();
  });

  it("matching: prompts as source by pair id, answers as target numbered by their words; pairs as source[.]target", () => {
    const q = content({
      type: "matching",
      stem: "<p>Match</p>",
      pairs: [
        { id: "it", prompt: "<p>Italy</p>", answer: "Rome" },
        { id: "fr", prompt: "France", answer: "Paris" },
      ],
      distractors: ["Lyon"],
    });
    const definition = interactionDefinition(q);
    expect(definition).toEqual({
      type: INTERACTION,
      name: en("Match"),
      description: en("Match"),
      interactionType: "matching",
      source: [
        { id: "it", description: en("Italy") },
        { id: "fr", description: en("France") },
      ],
      target: [
        { id: "t1", description: en("Lyon") },
        { id: "t2", description: en("Paris") },
        { id: "t3", description: en("Rome") },
      ],
    });
    expectValidDefinition(definition);
    expect(interactionResponse(q, { matches: { fr: "Paris", it: "Lyon" } })).toBe("it[.]t1[,]fr[.]t2");
    expect(interactionResponse(q, { matches: { fr: "Berlin" } })).toBe("");
  });

  it("ordering: sequencing whose items are numbered by their words, never in the right order", () => {
    const q = content({
      type: "ordering",
      stem: "<p>Smallest first</p>",
      items: [
        { id: "i1", text: "Cell" },
        { id: "i2", text: "<p>Atom</p>" },
        { id: "i3", text: "Planet" },
      ],
    });
    const definition = interactionDefinition(q);
    expect(definition).toEqual({
      type: INTERACTION,
      name: en("Smallest first"),
      description: en("Smallest first"),
      interactionType: "sequencing",
      choices: [
        { id: "s1", description: en("Atom") },
        { id: "s2", description: en("Cell") },
        { id: "s3", description: en("Planet") },
      ],
    });
    expectValidDefinition(definition);
    // i1 Cell, i2 Atom, i3 Planet (the written, right order).
    expect(interactionResponse(q, { order: ["i2", "i1", "i3"] })).toBe("s1[,]s2[,]s3");
    expect(interactionResponse(q, { order: ["i3", "x"] })).toBe("s3");
  });

  it("fill in the blanks: fill-in, a text per gap in the sentence's order, a choice gap by its words", () => {
    const q = content({
      type: "fill_in_blanks",
      stem: "<p>Built in [[city]] in [[year]].</p>",
      gaps: [
        { id: "year", type: "numeric", answers: [{ value: 1889, fraction: 1 }] },
        {
          id: "city",
          type: "choice",
          choices: [
            { id: "c1", text: "Paris", fraction: 1 },
            { id: "c2", text: "Rome", fraction: 0 },
          ],
        },
      ],
    });
    expect(interactionDefinition(q)).toEqual({
      type: INTERACTION,
      name: en("Built in ____ in ____."),
      description: en("Built in ____ in ____."),
      interactionType: "fill-in",
    });
    expect(interactionResponse(q, { gaps: { year: "1889", city: "c2" } })).toBe("Rome[,]1889");
    expect(interactionResponse(q, { gaps: { year: "1900" } })).toBe("[,]1900");
  });

  it("essay: long-fill-in with the text written", () => {
    const q = content({ type: "essay", stem: "<p>Discuss.</p>" });
    expect(interactionDefinition(q)).toMatchObject({ interactionType: "long-fill-in" });
    expect(interactionResponse(q, { text: "It depends.\nOn much." })).toBe("It depends.\nOn much.");
  });

  it("a long stem is the description whole and the name cut short", () => {
    const words = "word ".repeat(40).trim();
    const definition = interactionDefinition(content({ type: "essay", stem: `<p>${words}</p>` }));
    expect((definition.description as Record<string, string>)["en-US"]).toBe(words);
    const name = (definition.name as Record<string, string>)["en-US"]!;
    expect(name).toHaveLength(120);
    expect(name.endsWith("…")).toBe(true);
  });

  it("rich text as words: tags dropped, entities read, spaces collapsed", () => {
    expect(plainWords("<p>A&nbsp;&lt;b&gt;  <b>&#233;</b>t&#xE9;</p>\n<p>x<br>y</p>")).toBe("A <b> été x y");
  });
});
