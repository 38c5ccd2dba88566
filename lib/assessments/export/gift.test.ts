import { describe, expect, it } from "vitest";
import { giftWriter } from "@/lib/assessments/export/gift";
import { escapeGift } from "@/lib/assessments/export/gift-text";
import { SAMPLES } from "@/lib/assessments/export/samples.test-data";
import { ExportBuilder } from "@/lib/assessments/export/writer";
import { parseGift } from "@/lib/assessments/import/gift";
import { questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";

// The GIFT writer's output for the types GIFT has, written out, and the reasons for the others.

const written = (content: Parameters<typeof giftWriter.question>[0]) => giftWriter.question(content);

describe("giftWriter, one question of each type GIFT has", () => {
  it("escapes ~ = # { } : and the backslash, and writes line breaks as \\n", () => {
    expect(escapeGift("a~b=c#d{e}f:g\\h\ni")).toBe("a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h\\ni");
  });

  it("single choice: = for the right one, ~%n% for the others, feedback, general feedback; noted losses", () => {
    expect(written(SAMPLES.single)).toEqual({
      notes: [
        "Its mark (2) is not kept: a GIFT question is worth 1",
        "Its tags are not kept: GIFT has none",
        "Its choices will be shuffled: GIFT has no setting to keep them in order",
      ],
      text:
        "::Capital\\: France::[html]<p>Capital of <b>France</b>? A & B ]]> C</p>{\n" +
        "\t=<p>Paris</p>#<p>Yes.</p>\n" +
        "\t~%0%Lyon \\{city\\}\n" +
        "\t~%-33.33333%Marseille \\~ \\= \\##Third city\n" +
        "\t####<p>Since 987.</p>\n" +
        "}\n\n",
    });
  });

  it("a right choice starting with % gets [html], so it is not read as a weight; it reads back as written", () => {
    const percent = questionContentSchema.parse({
      type: "single_choice",
      name: "Sale",
      stem: "Discount?",
      choices: [
        { text: "%5% off", fraction: 1 },
        { text: "%10% off", fraction: 0 },
      ],
    });
    const out = written(percent);
    expect(out).toEqual({ notes: [], text: "::Sale::[html]Discount?{\n\t=[html]%5% off\n\t~%0%%10% off\n}\n\n" });
    const back = parseGift((out as { text: string }).text).questions[0]!.question;
    expect(back).toMatchObject({
      choices: [
        { text: "%5% off", fraction: 1 },
        { text: "%10% off", fraction: 0 },
      ],
    });
  });

  it("multiple response: every choice with ~ and its weight", () => {
    expect(written(SAMPLES.multiple)).toEqual({
      notes: [],
      text:
        "::Rivers::[html]<p>Which rivers flow through France?</p>{\n" +
        "\t~%50%Seine\n\t~%50%Loire#<p>Longest.</p>\n\t~%-100%Thames\n}\n\n",
    });
  });

  it("true/false: {FALSE#feedback when answered wrong#feedback when answered right}", () => {
    expect(written(SAMPLES.trueFalse)).toEqual({
      notes: [],
      text: "::Flat::[html]<p>The earth is flat.</p>{\n\tFALSE#<p>No, it is round.</p>#<p>Right.</p>\n}\n\n",
    });
  });

  it("short answer: = with a weight each, the escaped star kept", () => {
    expect(written({ ...SAMPLES.shortAnswer, case_sensitive: false })).toEqual({
      notes: [],
      text: "::Sodium::[html]<p>Symbol of sodium?</p>{\n\t=%100%Na#<p>Yes</p>\n\t=%50%N*#Close\n\t=%0%\\\\*\n}\n\n",
    });
  });

  it("numeric: value:tolerance, min..max, * for any number", () => {
    expect(written({ ...SAMPLES.numeric, units: [], unit_required: false })).toEqual({
      notes: [],
      text: "::Length::[html]<p>How long, in metres?</p>{\n#\n\t=%100%1.5:0.01#<p>Yes</p>\n\t=%50%1..2\n\t=%0%*#No\n}\n\n",
    });
  });

  it("matching: =prompt -> answer, = -> distractor", () => {
    expect(written(SAMPLES.matching)).toEqual({
      notes: [],
      text: "::Capitals::[html]<p>Match</p>{\n\t=<p>France</p> -> Paris\n\t=Italy -> Rome & co\n\t= -> Lyon\n}\n\n",
    });
  });

  it("one blank: Moodle's missing word, the answers where the blank is", () => {
    const blank = questionContentSchema.parse({
      type: "fill_in_blanks",
      name: "Blank",
      stem: "<p>Paris is the capital of [[land]].</p>",
      gaps: [
        {
          id: "land",
          type: "numeric",
          answers: [
            { value: 1, fraction: 1 },
            { min: 1, max: 2, fraction: 0.5, feedback: "close" },
          ],
        },
      ],
    });
    expect(written(blank)).toEqual({
      notes: [],
      text: "::Blank::[html]<p>Paris is the capital of {\n#\n\t=%100%1\n\t=%50%1..2#close\n}.</p>\n\n",
    });
  });

  it("essay: {}, its grader information and word limits noted as lost", () => {
    expect(written(SAMPLES.essay)).toEqual({
      notes: ["Its information for graders is not kept: GIFT has none", "Its word limits are not kept: GIFT has none"],
      text: "::Discuss::[html]<p>Discuss.</p>{}\n\n",
    });
  });
});

describe("what GIFT cannot hold is skipped with its reason", () => {
  it.each([
    ["ordering", SAMPLES.ordering, "GIFT has no ordering questions"],
    ["case-sensitive answers", SAMPLES.shortAnswer, "Its answers are case-sensitive, which GIFT cannot say"],
    ["units", SAMPLES.numeric, "It takes units, which GIFT cannot hold"],
    ["several blanks", SAMPLES.cloze, "It has 3 blanks, and a GIFT question holds one at most"],
    [
      "an arrow in a short answer",
      { ...SAMPLES.shortAnswer, case_sensitive: false, answers: [{ text: "a->b", fraction: 1, feedback: "" }] },
      "An answer holds '->', which GIFT would read as a matching pair",
    ],
    [
      "a blank ending the text",
      questionContentSchema.parse({
        type: "fill_in_blanks",
        name: "End",
        stem: "Capital: [[g]]",
        gaps: [{ id: "g", type: "short_answer", answers: [{ text: "Paris", fraction: 1 }] }],
      }),
      "Its blank ends its text, and GIFT reads answers at the end as the whole question's",
    ],
    [
      "a carriage return",
      { ...SAMPLES.trueFalse, stem: "a\r\nb" },
      "It holds a carriage return or a private-use character, which GIFT cannot carry",
    ],
  ] as [string, QuestionContent, string][])("%s", (_label, content, reason) => {
    expect(written(content)).toEqual({ skipped: reason });
  });
});

describe("the file", () => {
  it("$CATEGORY lines for the banks, the report as // comments at the top", () => {
    const builder = new ExportBuilder(giftWriter);
    builder.category(["Geo: Europe", "A/B"]);
    builder.add(SAMPLES.trueFalse);
    builder.add(SAMPLES.ordering);
    expect(builder.build()).toBe(
      "// Skipped 1 question(s) this format cannot hold:\n" +
        "// - 'Sizes' (Geo: Europe / A/B): GIFT has no ordering questions\n\n" +
        "$CATEGORY: $course$/top/Geo\\: Europe/A//B\n\n" +
        "::Flat::[html]<p>The earth is flat.</p>{\n\tFALSE#<p>No, it is round.</p>#<p>Right.</p>\n}\n\n",
    );
  });
});
