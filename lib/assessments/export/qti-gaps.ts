import { XMLValidator } from "fast-xml-parser";
import { numberText } from "@/lib/assessments/export/numbers";
import {
  addToScore,
  declaration,
  ident,
  numberTests,
  points,
  rich,
  stringMapping,
  variable,
  type Built,
} from "@/lib/assessments/export/qti-parts";
import { escapeXml } from "@/lib/assessments/export/xml-text";
import { weightsFromShares } from "@/lib/assessments/gap-weights";
import { GAP_MARKER, type Gap } from "@/lib/schemas/question-types";
import type { QuestionContentOf } from "@/lib/schemas/questions";

// Fill in the blanks as one QTI item: each gap an interaction in its place in the text (RESPONSE_1,
// RESPONSE_2… in the order of the text), each with its own response declaration, and response processing
// adding each gap's points to SCORE. A gap is worth its weight's share of the mark, and a response earns
// that share times its fraction, as our grading gives it: a choice gap's negative fraction counts 0 (the
// mapping's lower bound), a numeric gap takes the first answer the number falls within.

interface WrittenGap {
  declaration: string;
  interaction: string;
  processing: string;
}

/** Rules that run only when the gap was answered: a blank gap earns nothing. */
const whenAnswered = (response: string, rules: string) =>
  `<qti-response-condition><qti-response-if><qti-not><qti-is-null>${variable(response)}</qti-is-null></qti-not>${rules}</qti-response-if></qti-response-condition>`;
const mapped = (response: string) => whenAnswered(response, addToScore(`<qti-map-response identifier="${response}"/>`));

function writeGap(gap: Gap, place: number, share: number): WrittenGap | { skipped: string } {
  const response = `RESPONSE_${place}`;
  if (gap.type === "choice") {
    const entries = gap.choices
      .map((c) => `<qti-map-entry map-key="${ident("C", c.id)}" mapped-value="${points(c.fraction, share)}"/>`)
      .join("");
    const right = gap.choices.find((c) => c.fraction === 1)!;
    return {
      declaration: declaration(
        "single",
        "identifier",
        [ident("C", right.id)],
        `<qti-mapping default-value="0" lower-bound="0">${entries}</qti-mapping>`,
        response,
      ),
      interaction:
        `<qti-inline-choice-interaction response-identifier="${response}" shuffle="${gap.shuffle}">` +
        gap.choices
          .map((c) => `<qti-inline-choice identifier="${ident("C", c.id)}">${escapeXml(c.text)}</qti-inline-choice>`)
          .join("") +
        "</qti-inline-choice-interaction>",
      processing: mapped(response),
    };
  }
  if (gap.type === "short_answer") {
    const strings = stringMapping(gap.answers, gap.case_sensitive, share);
    if (!strings)
      return {
        skipped: `Gap ${place}: an answer is a pattern with *, and QTI compares a text entry with exact strings`,
      };
    return {
      declaration: declaration("single", "string", [strings.right], strings.mapping, response),
      interaction: `<qti-text-entry-interaction response-identifier="${response}"/>`,
      processing: mapped(response),
    };
  }
  if (gap.units.length) return { skipped: `Gap ${place} takes units, which a QTI numeric text entry cannot hold` };
  const tests = numberTests(gap.answers, response);
  const branches = gap.answers
    .map((a, i) => {
      const tag = i === 0 ? "qti-response-if" : "qti-response-else-if";
      return `<${tag}>${tests[i]}${addToScore(`<qti-base-value base-type="float">${points(a.fraction, share)}</qti-base-value>`)}</${tag}>`;
    })
    .join("");
  const right = gap.answers.find((a) => a.fraction === 1 && a.value !== undefined);
  return {
    declaration: declaration("single", "float", right ? [numberText(right.value!)] : [], "", response),
    interaction: `<qti-text-entry-interaction response-identifier="${response}"/>`,
    processing: whenAnswered(response, `<qti-response-condition>${branches}</qti-response-condition>`),
  };
}

/** The item's parts: the text with its gaps in place is the body (the stem is not written again). */
export function fillInBlanks(q: QuestionContentOf<"fill_in_blanks">, notes: string[]): Built {
  const order = [...q.stem.matchAll(GAP_MARKER)].map((m) => m[1]!);
  const gaps = order.map((id) => q.gaps.find((g) => g.id === id)!);
  const total = gaps.reduce((sum, g) => sum + g.weight, 0);
  const shares = gaps.map((g) => (q.default_mark * g.weight) / total);
  const written: WrittenGap[] = [];
  for (const [i, gap] of gaps.entries()) {
    const one = writeGap(gap, i + 1, shares[i]!);
    if ("skipped" in one) return one;
    written.push(one);
  }
  const back = weightsFromShares(shares);
  if (back.some((w, i) => w !== gaps[i]!.weight))
    notes.push(
      `Its gap weights (${gaps.map((g) => g.weight).join(", ")}) are written as shares of the mark and read back as ` +
        `(${back.join(", ")}), which grade the same`,
    );
  let place = 0;
  const body = rich(q.stem).replace(GAP_MARKER, () => written[place++]!.interaction);
  if (XMLValidator.validate(`<div>${body}</div>`) !== true)
    return { skipped: "A gap sits inside an HTML attribute, where QTI cannot put an interaction" };
  return {
    declaration: written.map((w) => w.declaration).join(""),
    body: `<div>${body}</div>`,
    processing: `<qti-response-processing>${written.map((w) => w.processing).join("")}</qti-response-processing>`,
  };
}
