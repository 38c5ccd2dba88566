import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseGift, restore, withFormat } from "@/lib/assessments/import/gift";
import { questionContentSchema } from "@/lib/schemas/questions";

const fixture = readFileSync(new URL("../../../test/fixtures/questions/bank.gift", import.meta.url), "utf8");
const ANY = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };

describe("parseGift on a file of every kind of question", () => {
  const parsed = parseGift(fixture);
  const byName = (name: string) => parsed.questions.find((q) => q.source.name === name)!;

  it("every question it keeps is accepted by the question schema", () => {
    expect(parsed.questions).toHaveLength(17);
    for (const { question } of parsed.questions) expect(questionContentSchema.safeParse(question).success).toBe(true);
  });

  it("refuses a description, Markdown and unmatched braces, each with its line and reason", () => {
    expect(parsed.refusals).toEqual([
      {
        source: { line: 56, index: 16, name: "Description" },
        reason: "It has no answers ({…}): a description, with nothing to answer, is not imported",
      },
      {
        source: { line: 60, index: 18, name: "Markdown" },
        reason: "Its text is written in Markdown, which is not supported: export it as HTML",
      },
      {
        source: { line: 62, index: 19, name: "Broken" },
        reason: "Its braces do not match: write the answers as {…}, and a literal brace as \\{ or \\}",
      },
    ]);
  });

  it("$CATEGORY: lines set the banks of the questions after them", () => {
    expect(byName("Capital").categoryPath).toEqual(["Geography"]);
    expect(byName("Sodium").categoryPath).toEqual(["Geography", "Maths"]);
  });

  it("multiple choice with =: a single choice, [html] kept, weights, feedback and general feedback", () => {
    const q = byName("Capital");
    expect(q.source).toEqual({ line: 5, index: 1, name: "Capital" });
    expect(q.question).toEqual({
      type: "single_choice",
      name: "Capital",
      stem: "<p>What is the capital of France?</p>",
      general_feedback: "<p>Since 987.</p>",
      choices: [
        { text: "Paris", fraction: 1, feedback: "<p>Yes.</p>" },
        { text: "Lyon", fraction: 0, feedback: "Third city" },
        { text: "Marseille", fraction: -0.25, feedback: "" },
      ],
    });
  });

  it("multiple choice without =: multiple response, %33.33333% kept exactly", () => {
    expect(byName("Rivers").question).toEqual({
      type: "multiple_response",
      name: "Rivers",
      stem: "Which rivers flow through France?",
      general_feedback: "",
      choices: [
        { text: "Seine", fraction: 0.3333333, feedback: "" },
        { text: "Loire", fraction: 0.3333333, feedback: "" },
        { text: "Rhône", fraction: 0.3333333, feedback: "" },
        { text: "Danube", fraction: -1, feedback: "Not in France" },
      ],
    });
  });

  it("true/false: {FALSE#wrong#right} gives the feedback to the answer that earns it", () => {
    expect(byName("Flat").question).toEqual({
      type: "true_false",
      name: "Flat",
      stem: "The earth is flat.",
      general_feedback: "",
      correct: false,
      feedback_true: "It is round, not flat.",
      feedback_false: "Right.",
    });
    expect(byName("Round").question).toMatchObject({ correct: true, feedback_true: "", feedback_false: "" });
  });

  it("short answer: = answers, a weighted one with feedback", () => {
    expect(byName("Sodium").question).toEqual({
      type: "short_answer",
      name: "Sodium",
      stem: "Symbol of sodium?",
      general_feedback: "",
      answers: [
        { text: "Na", fraction: 1, feedback: "" },
        { text: "N*", fraction: 0.5, feedback: "Close" },
      ],
    });
  });

  it("numerical: value:tolerance, min..max, several answers and ~#feedback for any other number", () => {
    expect(byName("Pi").question).toMatchObject({
      type: "numeric",
      answers: [{ value: 3.14, tolerance: 0.005, fraction: 1, feedback: "" }],
    });
    expect(byName("Range").question).toMatchObject({
      type: "numeric",
      answers: [{ min: 1, max: 2, fraction: 1, feedback: "" }],
    });
    expect(byName("Several").question).toMatchObject({
      type: "numeric",
      answers: [
        { value: 1889, tolerance: 0, fraction: 1, feedback: "Exactly" },
        { value: 1889, tolerance: 2, fraction: 0.5, feedback: "Close" },
        { ...ANY, fraction: 0, feedback: "No" },
      ],
    });
  });

  it("matching: pairs, and '= -> x' a distractor", () => {
    expect(byName("Match").question).toMatchObject({
      type: "matching",
      pairs: [
        { prompt: "France", answer: "Paris" },
        { prompt: "Italy", answer: "Rome" },
      ],
      distractors: ["Lyon"],
    });
  });

  it("missing word: one right choice, a short answer or a number becomes a gap where the braces were", () => {
    expect(byName("Missing choice").question).toEqual({
      type: "fill_in_blanks",
      name: "Missing choice",
      stem: "The tower is in [[g1]] since 1889.",
      general_feedback: "",
      gaps: [
        {
          id: "g1",
          type: "choice",
          choices: [
            { text: "Paris", fraction: 1, feedback: "" },
            { text: "Rome", fraction: 0, feedback: "" },
            { text: "Madrid", fraction: 0, feedback: "" },
          ],
        },
      ],
    });
    expect(byName("Missing short").question).toMatchObject({
      stem: "The symbol [[g1]] is sodium's.",
      gaps: [{ id: "g1", type: "short_answer", answers: [{ text: "Na", fraction: 1, feedback: "" }] }],
    });
    expect(byName("Missing number").question).toMatchObject({
      stem: "The tower was built in [[g1]] in Paris.",
      gaps: [{ id: "g1", type: "numeric", answers: [{ value: 1889, tolerance: 0, fraction: 1 }] }],
    });
  });

  it("missing word of a type without a gap: the type kept, _____ where the braces were", () => {
    expect(byName("Missing true").question).toMatchObject({
      type: "true_false",
      stem: "Paris is _____ the capital.",
      correct: true,
    });
  });

  it("an essay ({}): escapes restored, \\n a line break, named after its text", () => {
    const essay = parsed.questions.find((q) => q.source.index === 14)!;
    expect(essay.source).toEqual({ line: 52, index: 14, name: "" });
    expect(essay.question).toEqual({
      type: "essay",
      name: "Describe the tower's history {in brief}: 3 = three, a:b, a #tag, ~tilde next...",
      stem: "Describe the tower's history {in brief}: 3 = three, a:b, a #tag, ~tilde<br>next line.",
      general_feedback: "",
    });
    expect(byName("Essay with feedback").question).toEqual({
      type: "essay",
      name: "Essay with feedback",
      stem: "Discuss.",
      general_feedback: "Look for two causes.",
    });
  });

  it("[plain] text is escaped as HTML", () => {
    expect(byName("Plain").question).toMatchObject({ stem: "Is 1 &lt; 2?" });
  });
});

describe("GIFT pieces", () => {
  it("a [format] prefix sets the format; none leaves the question's", () => {
    expect(withFormat("[html]<b>x</b>", "moodle")).toEqual({ text: "<b>x</b>", format: "html" });
    expect(withFormat("[unknown]x", "plain")).toEqual({ text: "[unknown]x", format: "plain" });
  });

  it("escapes set aside and restored: \\\\ is a backslash", () => {
    expect(parseGift("::A\\:B::Path C\\:\\\\temp?{=C\\:\\\\temp}").questions[0]!.question).toEqual({
      type: "short_answer",
      name: "A:B",
      stem: "Path C:\\temp?",
      general_feedback: "",
      answers: [{ text: "C:\\temp", fraction: 1, feedback: "" }],
    });
    expect(restore("\uE004x\uE005")).toBe("{x}");
  });

  it("questions are told apart by blank lines, comments inside a question are skipped", () => {
    const { questions } = parseGift("// first\n::One::Q1{T}\n\n\n::Two::\n// note\nQ2{F}\r\n\r\n::Three::Q3{=a ~b}");
    expect(questions.map((q) => [q.source.line, q.source.name, q.question.type])).toEqual([
      [2, "One", "true_false"],
      [5, "Two", "true_false"],
      [9, "Three", "single_choice"],
    ]);
  });

  it("a question the schema refuses is refused with the schema's message", () => {
    const { refusals } = parseGift("::Weights::Pick{~%50%a ~%20%b ~c}");
    expect(refusals).toEqual([
      {
        source: { line: 1, index: 1, name: "Weights" },
        reason: "choices: The positive fractions of the choices must add up to 1 (they add up to 0.7)",
      },
    ]);
  });

  it("a matching pair without -> is refused", () => {
    expect(parseGift("::M::Match{=a -> b =c}").refusals[0]!.reason).toBe(
      "Pair 2 ('c') has no '->' between its two sides",
    );
  });

  it("an image: GIFT embeds no files, so one from another address is refused with its reason", () => {
    expect(
      parseGift('::Pic::[html]<p>What is this? <img src="https://example.org/a.png" alt="a"></p>{T}').refusals,
    ).toEqual([
      {
        source: { line: 1, index: 1, name: "Pic" },
        reason:
          "It shows an image from another address (https://example.org/a.png), which is not imported: only images embedded in the file are",
      },
    ]);
  });
});
