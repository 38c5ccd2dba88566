import { isAnyNumber, numberText } from "@/lib/assessments/export/numbers";
import type { ExportableQuestion, WrittenQuestion } from "@/lib/assessments/export/writer";
import { toXhtml } from "@/lib/assessments/export/xhtml";
import { escapeXml } from "@/lib/assessments/export/xml-text";
import type { QuestionContentOf } from "@/lib/schemas/questions";

// One question as a QTI 3.0 item (qti-assessment-item): the stem and an interaction in the item body,
// RESPONSE declared with its correct response, SCORE in points (the fraction times the mark, as our
// grading gives it), MAXSCORE the mark. Choice, text entry, numeric, matching, ordering and essay map;
// fill in the blanks does not yet. Feedback is not written: it is noted.

const NS =
  'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"';
const MAP_RESPONSE = "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response";

class NotXhtml extends Error {}
/** Rich text as XHTML; a text that is not well-formed skips the question. */
function rich(html: string): string {
  const xhtml = toXhtml(html);
  if (xhtml === null) throw new NotXhtml();
  return xhtml;
}

/** Our ids may start with a digit; a QTI identifier may not. */
const ident = (prefix: string, id: string) => `${prefix}_${id}`;
const points = (fraction: number, mark: number) => numberText(fraction * mark);
const float = (value: string) => `<qti-base-value base-type="float">${value}</qti-base-value>`;
const setScore = (value: string) => `<qti-set-outcome-value identifier="SCORE">${float(value)}</qti-set-outcome-value>`;
const RESPONSE = '<qti-variable identifier="RESPONSE"/>';

interface Parts {
  declaration: string;
  body: string;
  processing: string;
}
type Built = Parts | { skipped: string };

function declaration(cardinality: string, baseType: string, correct: string[], mapping = ""): string {
  const values = correct.map((v) => `<qti-value>${escapeXml(v)}</qti-value>`).join("");
  return (
    `<qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${baseType}">` +
    (values ? `<qti-correct-response>${values}</qti-correct-response>` : "") +
    `${mapping}</qti-response-declaration>`
  );
}

function choices(q: QuestionContentOf<"single_choice" | "multiple_response">): Built {
  const single = q.type === "single_choice";
  const mapping =
    `<qti-mapping default-value="0" lower-bound="0"${single ? "" : ` upper-bound="${numberText(q.default_mark)}"`}>` +
    q.choices
      .map((c) => `<qti-map-entry map-key="${ident("C", c.id)}" mapped-value="${points(c.fraction, q.default_mark)}"/>`)
      .join("") +
    "</qti-mapping>";
  const correct = q.choices.filter((c) => (single ? c.fraction === 1 : c.fraction > 0)).map((c) => ident("C", c.id));
  return {
    declaration: declaration(single ? "single" : "multiple", "identifier", correct, mapping),
    body:
      `<qti-choice-interaction response-identifier="RESPONSE" shuffle="${q.shuffle}" max-choices="${single ? 1 : 0}">` +
      q.choices
        .map((c) => `<qti-simple-choice identifier="${ident("C", c.id)}">${rich(c.text)}</qti-simple-choice>`)
        .join("") +
      "</qti-choice-interaction>",
    processing: `<qti-response-processing template="${MAP_RESPONSE}"/>`,
  };
}

function trueFalse(q: QuestionContentOf<"true_false">): Built {
  const right = q.correct ? "true" : "false";
  return {
    declaration: declaration(
      "single",
      "identifier",
      [right],
      `<qti-mapping default-value="0"><qti-map-entry map-key="${right}" mapped-value="${numberText(q.default_mark)}"/></qti-mapping>`,
    ),
    body:
      '<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">' +
      '<qti-simple-choice identifier="true">True</qti-simple-choice><qti-simple-choice identifier="false">False</qti-simple-choice>' +
      "</qti-choice-interaction>",
    processing: `<qti-response-processing template="${MAP_RESPONSE}"/>`,
  };
}

const TEXT_ENTRY = '<div><qti-text-entry-interaction response-identifier="RESPONSE"/></div>';

function shortAnswer(q: QuestionContentOf<"short_answer">): Built {
  if (q.answers.some((a) => /(^|[^\\])\*/.test(a.text)))
    return { skipped: "An answer is a pattern with *, and QTI compares a text entry with exact strings" };
  const entries = q.answers.map(
    (a) =>
      `<qti-map-entry map-key="${escapeXml(a.text.replace(/\\\*/g, "*"))}" mapped-value="${points(a.fraction, q.default_mark)}" case-sensitive="${q.case_sensitive}"/>`,
  );
  const right = q.answers.find((a) => a.fraction === 1)!.text.replace(/\\\*/g, "*");
  return {
    declaration: declaration(
      "single",
      "string",
      [right],
      `<qti-mapping default-value="0">${entries.join("")}</qti-mapping>`,
    ),
    body: TEXT_ENTRY,
    processing: `<qti-response-processing template="${MAP_RESPONSE}"/>`,
  };
}

/** The answers in order, the first the number falls within giving its points, as our grading does. */
function numeric(q: QuestionContentOf<"numeric">): Built {
  if (q.units.length) return { skipped: "It takes units, which a QTI numeric text entry cannot hold" };
  const tests = q.answers.map((a) => {
    if (a.value !== undefined) {
      const t = numberText(a.tolerance ?? 0);
      return `<qti-equal tolerance-mode="absolute" tolerance="${t} ${t}">${RESPONSE}${float(numberText(a.value))}</qti-equal>`;
    }
    if (isAnyNumber(a)) return '<qti-base-value base-type="boolean">true</qti-base-value>';
    return `<qti-and><qti-gte>${RESPONSE}${float(numberText(a.min!))}</qti-gte><qti-lte>${RESPONSE}${float(numberText(a.max!))}</qti-lte></qti-and>`;
  });
  const branches = q.answers
    .map(
      (a, i) =>
        `<qti-response-else-if>${tests[i]}${setScore(points(a.fraction, q.default_mark))}</qti-response-else-if>`,
    )
    .join("");
  const right = q.answers.find((a) => a.fraction === 1 && a.value !== undefined);
  return {
    declaration: declaration("single", "float", right ? [numberText(right.value!)] : []),
    body: TEXT_ENTRY,
    processing:
      "<qti-response-processing><qti-response-condition>" +
      `<qti-response-if><qti-is-null>${RESPONSE}</qti-is-null>${setScore("0")}</qti-response-if>` +
      `${branches}<qti-response-else>${setScore("0")}</qti-response-else>` +
      "</qti-response-condition></qti-response-processing>",
  };
}

/** Prompts in the first set, the answers (each once) and distractors in the second; a right pair is a share. */
function matching(q: QuestionContentOf<"matching">): Built {
  const targets = [...new Set([...q.pairs.map((p) => p.answer), ...q.distractors])];
  const target = (answer: string) => `A_${targets.indexOf(answer) + 1}`;
  const pairs = q.pairs.map((p) => `${ident("P", p.id)} ${target(p.answer)}`);
  const share = numberText(q.default_mark / q.pairs.length);
  return {
    declaration: declaration(
      "multiple",
      "directedPair",
      pairs,
      `<qti-mapping default-value="0" lower-bound="0">${pairs.map((p) => `<qti-map-entry map-key="${p}" mapped-value="${share}"/>`).join("")}</qti-mapping>`,
    ),
    body:
      `<qti-match-interaction response-identifier="RESPONSE" shuffle="${q.shuffle}" max-associations="${q.pairs.length}">` +
      `<qti-simple-match-set>${q.pairs.map((p) => `<qti-simple-associable-choice identifier="${ident("P", p.id)}" match-max="1">${rich(p.prompt)}</qti-simple-associable-choice>`).join("")}</qti-simple-match-set>` +
      `<qti-simple-match-set>${targets.map((t) => `<qti-simple-associable-choice identifier="${target(t)}" match-max="0">${escapeXml(t)}</qti-simple-associable-choice>`).join("")}</qti-simple-match-set>` +
      "</qti-match-interaction>",
    processing: `<qti-response-processing template="${MAP_RESPONSE}"/>`,
  };
}

function ordering(q: QuestionContentOf<"ordering">): Built {
  if (q.grading !== "all_or_nothing")
    return {
      skipped: `Its grading (${q.grading.replace(/_/g, " ")}) gives part marks; QTI's order is written all or nothing`,
    };
  const order = q.items.map((i) => ident("I", i.id));
  return {
    declaration: declaration("ordered", "identifier", order),
    body:
      '<qti-order-interaction response-identifier="RESPONSE" shuffle="true">' +
      q.items
        .map((i) => `<qti-simple-choice identifier="${ident("I", i.id)}">${rich(i.text)}</qti-simple-choice>`)
        .join("") +
      "</qti-order-interaction>",
    processing:
      "<qti-response-processing><qti-response-condition><qti-response-if>" +
      `<qti-match>${RESPONSE}<qti-correct identifier="RESPONSE"/></qti-match>${setScore(numberText(q.default_mark))}` +
      `</qti-response-if><qti-response-else>${setScore("0")}</qti-response-else></qti-response-condition></qti-response-processing>`,
  };
}

function essay(q: QuestionContentOf<"essay">, notes: string[]): Built {
  if (q.grading.method === "rubric")
    return { skipped: "It is graded along a rubric, which this QTI export does not write" };
  if (q.min_words || q.max_words) notes.push("Its word limits are not kept: QTI counts characters, not words");
  const info = q.grader_info
    ? `<qti-rubric-block use="scoring" view="scorer"><qti-content-body>${rich(q.grader_info)}</qti-content-body></qti-rubric-block>`
    : "";
  return {
    declaration: declaration("single", "string", []),
    body: `${info}<qti-extended-text-interaction response-identifier="RESPONSE"/>`,
    processing: "",
  };
}

function parts(q: ExportableQuestion, notes: string[]): Built {
  switch (q.type) {
    case "single_choice":
    case "multiple_response":
      return choices(q);
    case "true_false":
      return trueFalse(q);
    case "short_answer":
      return shortAnswer(q);
    case "numeric":
      return numeric(q);
    case "matching":
      return matching(q);
    case "ordering":
      return ordering(q);
    case "essay":
      return essay(q, notes);
    case "fill_in_blanks":
      return { skipped: "Fill in the blanks is not written to QTI yet: export it as Moodle XML (cloze)" };
  }
}

/** Whether any feedback (general, a choice's, an answer's) has text. */
function hasFeedback(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasFeedback);
  if (!value || typeof value !== "object") return false;
  return Object.entries(value).some(([key, v]) =>
    /feedback/.test(key) && typeof v === "string" ? v !== "" : hasFeedback(v),
  );
}

/** The item's XML, with `identifier` as its identifier; or the reason it is skipped. */
export function qtiItem(q: ExportableQuestion, identifier: string): WrittenQuestion {
  const notes: string[] = [];
  let built: Built;
  try {
    built = parts(q, notes);
    if (!("skipped" in built)) built = { ...built, body: `<div>${rich(q.stem)}</div>${built.body}` };
  } catch (error) {
    if (error instanceof NotXhtml) return { skipped: "Its text is HTML that is not well-formed XML, which QTI needs" };
    throw error;
  }
  if ("skipped" in built) return { skipped: built.skipped };
  if (hasFeedback(q)) notes.push("Its feedback is not kept: this QTI export writes no feedback");
  if (q.tags?.length) notes.push("Its tags are not kept");
  const text =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<qti-assessment-item ${NS} identifier="${identifier}" title="${escapeXml(q.name)}" adaptive="false" time-dependent="false">` +
    built.declaration +
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>' +
    `<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${numberText(q.default_mark)}</qti-value></qti-default-value></qti-outcome-declaration>` +
    `<qti-item-body>${built.body}</qti-item-body>${built.processing}</qti-assessment-item>\n`;
  return { text, notes };
}
