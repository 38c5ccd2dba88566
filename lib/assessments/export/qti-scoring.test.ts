import fc from "fast-check";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { qtiItem } from "@/lib/assessments/export/qti-item";
import { gradeResponse } from "@/lib/assessments/grading";
import { questionContentSchema, type QuestionContentOf } from "@/lib/schemas/questions";

// The score a QTI player gives our fill-in-the-blanks item equals our grading times the mark: the item's
// response processing is run here, for random gaps and random responses, by a small evaluator of the part
// of QTI 3.0 the export writes (conditions, sums, map-response with its bounds and case rules, tolerant
// equality and ranges).

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  preserveOrder: true,
  parseTagValue: false,
});
const nameOf = (node: Node) => Object.keys(node).find((k) => k !== ":@")!;
const kids = (node: Node) => node[nameOf(node)] as Node[];
const attrs = (node: Node) => (node[":@"] ?? {}) as Record<string, string>;
const textOf = (node: Node) => String((kids(node)[0] as { "#text"?: unknown } | undefined)?.["#text"] ?? "");
const find = (nodes: Node[], name: string) => nodes.find((n) => nameOf(n) === name);

type Value = number | string | boolean | null;

function score(xml: string, responses: Record<string, string | number | null>): number {
  const item = kids(find(parser.parse(xml) as Node[], "qti-assessment-item")!);
  const declarations = new Map(
    item.filter((n) => nameOf(n) === "qti-response-declaration").map((d) => [attrs(d).identifier!, d]),
  );
  const outcomes: Record<string, Value> = { SCORE: 0 };
  const variable = (id: string): Value => (id in outcomes ? outcomes[id]! : (responses[id] ?? null));

  function mapResponse(id: string): number {
    const value = responses[id];
    const mapping = find(kids(declarations.get(id)!), "qti-mapping")!;
    const a = attrs(mapping);
    const entry = kids(mapping).find((e) => {
      const key = attrs(e)["map-key"]!;
      return attrs(e)["case-sensitive"] === "false"
        ? key.toLowerCase() === String(value).toLowerCase()
        : key === String(value);
    });
    let total = entry ? Number(attrs(entry)["mapped-value"]) : Number(a["default-value"] ?? 0);
    if (a["lower-bound"] !== undefined) total = Math.max(total, Number(a["lower-bound"]));
    if (a["upper-bound"] !== undefined) total = Math.min(total, Number(a["upper-bound"]));
    return total;
  }

  function evaluate(node: Node): Value {
    const args = () => kids(node).map(evaluate);
    switch (nameOf(node)) {
      case "qti-variable":
        return variable(attrs(node).identifier!);
      case "qti-base-value":
        return attrs(node)["base-type"] === "boolean" ? textOf(node) === "true" : Number(textOf(node));
      case "qti-map-response":
        return mapResponse(attrs(node).identifier!);
      case "qti-sum":
        return args().reduce<number>((sum, v) => sum + Number(v), 0);
      case "qti-is-null":
        return args()[0] === null;
      case "qti-not":
        return !args()[0];
      case "qti-and":
        return args().every(Boolean);
      case "qti-gte":
      case "qti-lte":
      case "qti-equal": {
        const [x, y] = args();
        if (x === null) return null;
        if (nameOf(node) === "qti-gte") return Number(x) >= Number(y);
        if (nameOf(node) === "qti-lte") return Number(x) <= Number(y);
        return Math.abs(Number(x) - Number(y)) <= Number(attrs(node).tolerance!.split(" ")[0]);
      }
      default:
        throw new Error(`not evaluated here: ${nameOf(node)}`);
    }
  }

  function run(rules: Node[]): void {
    for (const rule of rules) {
      const name = nameOf(rule);
      if (name === "qti-set-outcome-value") outcomes[attrs(rule).identifier!] = evaluate(kids(rule)[0]!);
      else if (name === "qti-response-condition") {
        for (const branch of kids(rule)) {
          const [test, ...then] = kids(branch);
          if (nameOf(branch) === "qti-response-else") {
            run(kids(branch));
            break;
          }
          if (evaluate(test!)) {
            run(then);
            break;
          }
        }
      } else throw new Error(`not run here: ${name}`);
    }
  }

  run(kids(find(item, "qti-response-processing")!));
  return Number(outcomes.SCORE);
}

const hundredths = (min: number, max: number) => fc.integer({ min, max }).map((n) => n / 100);
const word = fc.constantFrom("Paris", "paris", "Rome", "Lyon", "Eiffel", "eiffel", "x");

const gap = fc.oneof(
  fc.record({
    type: fc.constant("choice" as const),
    weight: fc.integer({ min: 1, max: 5 }),
    choices: fc
      .tuple(word, fc.array(fc.record({ text: word, fraction: hundredths(-100, 99) }), { minLength: 1, maxLength: 3 }))
      .map(([right, rest]) => [{ text: right, fraction: 1 }, ...rest]),
  }),
  fc.record({
    type: fc.constant("short_answer" as const),
    weight: fc.integer({ min: 1, max: 5 }),
    case_sensitive: fc.boolean(),
    answers: fc
      .tuple(word, fc.array(fc.record({ text: word, fraction: hundredths(0, 99) }), { maxLength: 2 }))
      .map(([right, rest]) => [{ text: right, fraction: 1 }, ...rest])
      // Our grading takes the first answer that matches; QTI's mapping has each key once.
      .filter((answers) => new Set(answers.map((a) => a.text.toLowerCase())).size === answers.length),
  }),
  fc.record({
    type: fc.constant("numeric" as const),
    weight: fc.integer({ min: 1, max: 5 }),
    answers: fc.constantFrom(
      [{ value: 1889, tolerance: 1, fraction: 1 }],
      [
        { value: 2, tolerance: 0, fraction: 1 },
        { min: 1, max: 3, fraction: 0.5 },
      ],
      [
        { value: -1.5, tolerance: 0.25, fraction: 1 },
        { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, fraction: 0.1 },
      ],
    ),
  }),
);

const question = fc
  .tuple(fc.array(gap, { minLength: 1, maxLength: 4 }), fc.constantFrom(1, 2, 7.5))
  .map(([gaps, mark]) =>
    questionContentSchema.parse({
      type: "fill_in_blanks",
      name: "Gaps",
      default_mark: mark,
      stem: `<p>${gaps.map((_g, i) => `[[b${i}]]`).join(" and ")}.</p>`,
      gaps: gaps.map((g, i) => ({ ...g, id: `b${i}` })),
    }),
  ) as fc.Arbitrary<QuestionContentOf<"fill_in_blanks">>;

/** A response to each gap, or none: a choice's id, a word, a number. */
const responsesTo = (q: QuestionContentOf<"fill_in_blanks">) =>
  fc.tuple(
    ...q.gaps.map((g) =>
      fc.option<string | number>(
        g.type === "choice"
          ? fc.constantFrom(...g.choices.map((c) => c.id))
          : g.type === "short_answer"
            ? word
            : fc.constantFrom(1889, 1888.5, 1891, 2, 2.5, 0, -1.5, -1.3, 99),
      ),
    ),
  );

describe("QTI 3.0 fill in the blanks: the item's score", () => {
  it("is our grading times the mark, for every response", () => {
    fc.assert(
      fc.property(
        question.chain((q) => fc.tuple(fc.constant(q), responsesTo(q))),
        ([q, answers]) => {
          const written = qtiItem(q, "item-1");
          if (written.skipped !== undefined) throw new Error(written.skipped);
          const responses = Object.fromEntries(answers.map((a, i) => [`RESPONSE_${i + 1}`, a]));
          // Our ids on the QTI side: a choice's identifier is C_ and its id.
          for (const [i, g] of q.gaps.entries())
            if (g.type === "choice" && answers[i] !== null) responses[`RESPONSE_${i + 1}`] = `C_${answers[i]}`;
          const ours = Object.fromEntries(answers.flatMap((a, i) => (a === null ? [] : [[q.gaps[i]!.id, String(a)]])));
          expect(score(written.text, responses)).toBeCloseTo(gradeResponse(q, { gaps: ours })! * q.default_mark, 9);
        },
      ),
      { numRuns: 300 },
    );
  });
});
