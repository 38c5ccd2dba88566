import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { giftWriter } from "@/lib/assessments/export/gift";
import { moodleXmlWriter } from "@/lib/assessments/export/moodle-xml";
import { qtiItem } from "@/lib/assessments/export/qti-item";
import { SAMPLES } from "@/lib/assessments/export/samples.test-data";
import { ExportBuilder, type QuestionFileWriter } from "@/lib/assessments/export/writer";
import { parseGift } from "@/lib/assessments/import/gift";
import { parseMoodleXml } from "@/lib/assessments/import/moodle-xml";
import { parseQtiXml } from "@/lib/assessments/import/qti";
import type { ParsedQuestionFile } from "@/lib/assessments/import/result";
import { GAP_MARKER } from "@/lib/schemas/question-types";
import { questionContentSchema, type QuestionContent, type QuestionContentInput } from "@/lib/schemas/questions";

// Exporting then importing with our own importer gives the same content back. The files do not carry the
// ids of choices, pairs, items and gaps (the import numbers them by place, gaps in the order of the text),
// a value answer without a tolerance comes back with tolerance 0, and a question
// without tags with an empty list: `same` compares with those made alike.

type Format = { writer: QuestionFileWriter; parse: (text: string) => ParsedQuestionFile };
const MOODLE: Format = { writer: moodleXmlWriter, parse: parseMoodleXml };
const GIFT: Format = { writer: giftWriter, parse: parseGift };

function byPlace<T extends { id: string }>(items: T[], prefix: string): T[] {
  return items.map((item, i) => ({ ...item, id: `${prefix}${i + 1}` }));
}
const tolerances = <T extends { value?: number; tolerance?: number }>(answers: T[]): T[] =>
  answers.map((a) => (a.value !== undefined ? { ...a, tolerance: a.tolerance ?? 0 } : a));

function same(question: QuestionContent): QuestionContent {
  const content = { ...question, tags: question.tags ?? [] };
  switch (content.type) {
    case "single_choice":
    case "multiple_response":
      return { ...content, choices: byPlace(content.choices, "c") };
    case "matching":
      return { ...content, pairs: byPlace(content.pairs, "p") };
    case "ordering":
      return { ...content, items: byPlace(content.items, "i") };
    case "numeric":
      return { ...content, answers: tolerances(content.answers) };
    case "fill_in_blanks": {
      const order = [...content.stem.matchAll(GAP_MARKER)].map((m) => m[1]!);
      const renamed = new Map(order.map((id, i) => [id, `g${i + 1}`]));
      const gaps = order.map((id) => {
        const gap = content.gaps.find((g) => g.id === id)!;
        const base = { ...gap, id: renamed.get(id)! };
        if (base.type === "choice") return { ...base, choices: byPlace(base.choices, "c") };
        if (base.type === "numeric") return { ...base, answers: tolerances(base.answers) };
        return base;
      });
      return { ...content, stem: content.stem.replace(GAP_MARKER, (_m, id: string) => `[[${renamed.get(id)}]]`), gaps };
    }
    default:
      return content;
  }
}

/** Exports the questions into one bank, imports the file: what was written, skipped, and read back. */
function roundTrip(format: Format, questions: QuestionContent[]) {
  const builder = new ExportBuilder(format.writer);
  builder.category(["Exported"]);
  questions.forEach((q) => builder.add(q));
  const text = builder.build();
  const parsed = format.parse(text);
  return {
    text,
    report: builder.report,
    refusals: parsed.refusals,
    questions: parsed.questions.map((q) => ({
      path: q.categoryPath,
      content: same(questionContentSchema.parse(q.question)),
    })),
  };
}

describe("Moodle XML: export then import gives the same content", () => {
  for (const [label, sample] of Object.entries(SAMPLES)) {
    it(`${label} (${sample.type})`, () => {
      const result = roundTrip(MOODLE, [sample]);
      expect(result.report.skipped).toEqual([]);
      expect(result.refusals).toEqual([]);
      expect(result.questions).toHaveLength(1);
      expect(result.questions[0]!.path).toEqual(["Exported"]);
      if (label === "numeric") {
        // The range 1..2 comes back as 1.5 ± 0.5, the same numbers, and the file says so.
        expect(result.report.changed).toEqual([
          {
            category: ["Exported"],
            name: "Length",
            notes: ["Answer 2, the range 1..2, is written as 1.5 ± 0.5 (the same numbers)"],
          },
        ]);
        const answers = same(sample).type === "numeric" ? (same(sample) as { answers: object[] }).answers : [];
        expect(result.questions[0]!.content).toEqual({
          ...same(sample),
          answers: [answers[0], { value: 1.5, tolerance: 0.5, fraction: 0.5, feedback: "" }, answers[2]],
        });
      } else {
        expect(result.report.changed).toEqual([]);
        expect(result.questions[0]!.content).toEqual(same(sample));
      }
    });
  }

  it("nested banks come back as the same categories", () => {
    const builder = new ExportBuilder(moodleXmlWriter);
    builder.category(["Chemistry"]);
    builder.add(SAMPLES.single);
    builder.category(["Chemistry", "Acids / bases"]);
    builder.add(SAMPLES.trueFalse);
    const parsed = parseMoodleXml(builder.build());
    expect(parsed.questions.map((q) => q.categoryPath)).toEqual([["Chemistry"], ["Chemistry", "Acids / bases"]]);
  });
});

describe("GIFT: export then import gives the same content, or says why not", () => {
  it("a question of each type GIFT holds comes back the same", () => {
    const gift = {
      single: { ...SAMPLES.single, default_mark: 1, tags: [], shuffle: true },
      multiple: SAMPLES.multiple,
      trueFalse: SAMPLES.trueFalse,
      shortAnswer: { ...SAMPLES.shortAnswer, case_sensitive: false },
      numeric: { ...SAMPLES.numeric, units: [], unit_required: false },
      matching: SAMPLES.matching,
      blank: questionContentSchema.parse({
        type: "fill_in_blanks",
        name: "Blank",
        stem: "<p>Paris is the capital of [[land]].</p>",
        gaps: [
          {
            id: "land",
            type: "choice",
            choices: [
              { text: "France", fraction: 1 },
              { text: "Spain", fraction: 0 },
            ],
          },
        ],
      }),
      essay: { ...SAMPLES.essay, grader_info: "", min_words: undefined, max_words: undefined },
    } as Record<string, QuestionContent>;
    const result = roundTrip(GIFT, Object.values(gift));
    expect(result.report).toEqual({ skipped: [], changed: [] });
    expect(result.refusals).toEqual([]);
    expect(result.questions.map((q) => q.content)).toEqual(Object.values(gift).map(same));
  });

  it("what GIFT cannot hold is skipped with its reason, and what it drops is noted", () => {
    const result = roundTrip(GIFT, Object.values(SAMPLES));
    expect(result.report.skipped).toEqual([
      { category: ["Exported"], name: "Sodium", reason: "Its answers are case-sensitive, which GIFT cannot say" },
      { category: ["Exported"], name: "Length", reason: "It takes units, which GIFT cannot hold" },
      { category: ["Exported"], name: "Sizes", reason: "GIFT has no ordering questions" },
      { category: ["Exported"], name: "Tower", reason: "It has 3 blanks, and a GIFT question holds one at most" },
    ]);
    expect(result.report.changed).toEqual([
      {
        category: ["Exported"],
        name: "Capital: France",
        notes: [
          "Its mark (2) is not kept: a GIFT question is worth 1",
          "Its tags are not kept: GIFT has none",
          "Its choices will be shuffled: GIFT has no setting to keep them in order",
        ],
      },
      {
        category: ["Exported"],
        name: "Discuss",
        notes: [
          "Its information for graders is not kept: GIFT has none",
          "Its word limits are not kept: GIFT has none",
        ],
      },
    ]);
    expect(result.text.startsWith("// Skipped 4 question(s) this format cannot hold:\n")).toBe(true);
    expect(result.text).toContain("// - 'Sizes' (Exported): GIFT has no ordering questions\n");
    expect(result.questions.map((q) => q.content.name)).toEqual([
      "Capital: France",
      "Rivers",
      "Flat",
      "Capitals",
      "Discuss",
    ]);
  });
});

// ── the property: random content of every type ──

const CHARS = "abcXYZ019 ~=#{}:\\/\"'<>&%[]-*.;\n".split("");
const randomFraction = (min: number, max: number, maxExcluded = false) =>
  fc.double({ min, max, noNaN: true, maxExcluded }).map((n) => (n === 0 ? 0 : n));

/**
 * Questions of every type with what both formats hold (mark 1, no tags, shuffled, no case, no units), their
 * texts of `chars`, their part fractions from `partial` and `negative`.
 */
function questionsOf(chars: string[], partial: fc.Arbitrary<number>, negative: fc.Arbitrary<number>) {
  const text = fc
    .array(fc.constantFrom(...chars), { minLength: 1, maxLength: 12 })
    .map((picked) => picked.join("").trim())
    .filter((t) => t.length > 0);
  const maybeText = fc.oneof(fc.constant(""), text);
  const number = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n));
  const tolerance = fc.double({ min: 0, max: 100, noNaN: true }).map((n) => (n === 0 ? 0 : n));

  const common = fc.record({ name: text, stem: text, general_feedback: maybeText });
  const weighted = (others: fc.Arbitrary<number>) =>
    fc.tuple(
      fc.record({ text, feedback: maybeText }),
      fc.array(fc.record({ text, fraction: others, feedback: maybeText }), { minLength: 1, maxLength: 4 }),
    );
  const rightFirst = ([right, rest]: [
    { text: string; feedback: string },
    { text: string; fraction: number; feedback: string }[],
  ]) => [{ ...right, fraction: 1 }, ...rest];
  const numericAnswers = fc
    .tuple(
      fc.record({ value: number, tolerance, feedback: maybeText }),
      fc.array(
        fc.oneof(
          fc.record({ value: number, tolerance, fraction: partial, feedback: maybeText }),
          fc
            .record({ fraction: partial, feedback: maybeText })
            .map((a) => ({ ...a, min: -Number.MAX_VALUE, max: Number.MAX_VALUE })),
        ),
        { maxLength: 3 },
      ),
    )
    .map(([right, rest]) => [{ ...right, fraction: 1 }, ...rest]);

  const portable: fc.Arbitrary<QuestionContentInput> = fc.oneof(
    fc
      .tuple(common, weighted(fc.oneof(partial, negative)))
      .map(([c, a]) => ({ ...c, type: "single_choice" as const, choices: rightFirst(a) })),
    fc
      .tuple(
        common,
        fc.constantFrom([1], [0.5, 0.5], [0.3333333, 0.3333333, 0.3333334]),
        fc.array(negative, { maxLength: 3 }),
        fc.array(text, { minLength: 5, maxLength: 5 }),
      )
      .map(([c, positives, negatives, texts]) => ({
        ...c,
        type: "multiple_response" as const,
        choices: [...positives, ...negatives, 0].map((fraction, i) => ({
          text: texts[i % 5]!,
          fraction,
          feedback: "",
        })),
      })),
    fc.tuple(common, fc.boolean(), maybeText, maybeText).map(([c, correct, yes, no]) => ({
      ...c,
      type: "true_false" as const,
      correct,
      feedback_true: yes,
      feedback_false: no,
    })),
    fc
      .tuple(common, weighted(partial))
      .map(([c, a]) => ({ ...c, type: "short_answer" as const, answers: rightFirst(a) })),
    fc.tuple(common, numericAnswers).map(([c, answers]) => ({ ...c, type: "numeric" as const, answers })),
    fc
      .tuple(
        common,
        fc.uniqueArray(text, { minLength: 3, maxLength: 5 }),
        fc.array(text, { minLength: 3, maxLength: 5 }),
      )
      .map(([c, answers, prompts]) => ({
        ...c,
        type: "matching" as const,
        pairs: answers.slice(1).map((answer, i) => ({ prompt: prompts[i % prompts.length]!, answer })),
        distractors: [answers[0]!],
      })),
    fc
      .tuple(common, fc.constantFrom("choice", "short_answer", "numeric"), weighted(partial), numericAnswers, text)
      .map(([c, kind, a, numbers, after]) => ({
        ...c,
        type: "fill_in_blanks" as const,
        stem: `${c.stem} [[blank]] ${after}`,
        gaps: [
          kind === "choice"
            ? { id: "blank", type: "choice" as const, choices: [...rightFirst(a), { text: "zz", fraction: 0 }] }
            : kind === "short_answer"
              ? { id: "blank", type: "short_answer" as const, answers: rightFirst(a) }
              : { id: "blank", type: "numeric" as const, answers: numbers },
        ],
      })),
    common.map((c) => ({ ...c, type: "essay" as const })),
  );
  return { text, maybeText, numericAnswers, portable };
}

const { portable } = questionsOf(CHARS, randomFraction(0, 1, true), randomFraction(-1, 0));

/** What a format may refuse in random text, with the reason it gives. */
const TEXT_REASONS = [
  "An answer holds '->', which GIFT would read as a matching pair",
  "A pair's prompt holds '->', which GIFT reads as the arrow between the two sides",
  "Its text holds {n:TYPE:…} outside its gaps, which Moodle would read as another gap",
];

function propertyFor(format: Format) {
  fc.assert(
    fc.property(portable, (input) => {
      const parsed = questionContentSchema.safeParse(input);
      fc.pre(parsed.success);
      const content = parsed.data!;
      const result = roundTrip(format, [content]);
      if (result.report.skipped.length) {
        expect(TEXT_REASONS).toContain(result.report.skipped[0]!.reason);
        return;
      }
      expect(result.report.changed).toEqual([]);
      expect(result.refusals).toEqual([]);
      expect(result.questions.map((q) => q.content)).toEqual([same(content)]);
    }),
    { numRuns: 400 },
  );
}

describe("the round trip over random questions", () => {
  it("Moodle XML gives every question back as it was", () => propertyFor(MOODLE));
  it("GIFT gives every question it holds back as it was", () => propertyFor(GIFT));
});

// ── QTI 3.0: one item at a time, through qtiItem and parseQtiXml ──

// Rich text is written as XHTML, so a bare &, < or ]]> would come back escaped (or the question skipped):
// the texts here have none of them. QTI's points are read back to 12 digits, so fractions are hundredths.
const hundredths = (min: number, max: number) => fc.integer({ min, max }).map((n) => (n === 0 ? 0 : n / 100));
const QTI = questionsOf(
  CHARS.filter((c) => !"&<>".includes(c)),
  hundredths(0, 99),
  hundredths(-100, 0),
);

/** Fill in the blanks with 2–4 gaps of every kind, weighted 1–5. */
const severalGaps: fc.Arbitrary<QuestionContentInput> = fc
  .tuple(
    QTI.text,
    QTI.maybeText,
    fc.array(
      fc.tuple(
        fc.constantFrom("choice", "short_answer", "numeric"),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.record({ text: QTI.text, fraction: hundredths(-100, 99) }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.record({ text: QTI.text, fraction: hundredths(0, 99) }), { minLength: 0, maxLength: 2 }),
        QTI.numericAnswers,
        QTI.text,
        fc.boolean(),
      ),
      { minLength: 2, maxLength: 4 },
    ),
  )
  .map(([name, general, specs]) => ({
    type: "fill_in_blanks" as const,
    name,
    general_feedback: general,
    stem: specs.map(([, , , , , after], i) => `[[b${i}]] ${after}`).join(" "),
    gaps: specs.map(([kind, weight, choices, answers, numbers, right, shuffle], i) =>
      kind === "choice"
        ? { id: `b${i}`, type: "choice" as const, weight, shuffle, choices: [{ text: right, fraction: 1 }, ...choices] }
        : kind === "short_answer"
          ? {
              id: `b${i}`,
              type: "short_answer" as const,
              weight,
              case_sensitive: shuffle,
              answers: [{ text: right, fraction: 1 }, ...answers],
            }
          : { id: `b${i}`, type: "numeric" as const, weight, answers: numbers },
    ),
  }));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** What the QTI round trip keeps: not the feedback of answers and gaps; gap weights in lowest terms. */
function keptByQti(content: QuestionContent): QuestionContent {
  const blank = <T>(value: T): T => JSON.parse(JSON.stringify(value, (key, v) => (key === "feedback" ? "" : v)));
  if (content.type === "short_answer" || content.type === "numeric")
    return { ...content, answers: blank(content.answers) } as QuestionContent;
  if (content.type !== "fill_in_blanks") return content;
  const divisor = content.gaps.map((g) => g.weight).reduce(gcd);
  return { ...content, gaps: blank(content.gaps).map((g) => ({ ...g, weight: g.weight / divisor })) };
}

const QTI_SKIPS = [/^(Gap \d+: a|A)n answer is a pattern with \*, and QTI compares a text entry with exact strings$/];
const QTI_NOTES = [
  /^Its answers' feedback is not kept/,
  /^Its gaps' feedback is not kept/,
  /^Its gap weights \([\d, ]+\) are written as shares of the mark and read back as \([\d, ]+\), which grade the same$/,
];

describe("QTI 3.0: the round trip over random questions", () => {
  it("gives every question it holds back as it was, less what it notes", () => {
    let written = 0;
    fc.assert(
      fc.property(fc.oneof(QTI.portable, severalGaps), (input) => {
        const parsed = questionContentSchema.safeParse(input);
        fc.pre(parsed.success);
        const content = parsed.data!;
        const item = qtiItem(content, "item-1");
        if (item.skipped !== undefined) {
          expect(QTI_SKIPS.some((reason) => reason.test(item.skipped))).toBe(true);
          return;
        }
        written++;
        for (const note of item.notes) expect(QTI_NOTES.some((n) => n.test(note))).toBe(true);
        const back = parseQtiXml(item.text);
        expect(back.refusals).toEqual([]);
        expect(back.questions[0]!.notes).toEqual([]);
        expect(same(questionContentSchema.parse(back.questions[0]!.question))).toEqual(same(keptByQti(content)));
      }),
      { numRuns: 400 },
    );
    // Most questions are written, not skipped: the property says something.
    expect(written).toBeGreaterThan(200);
  });
});
