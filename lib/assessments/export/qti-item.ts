import { numberText } from "@/lib/assessments/export/numbers";
import {
  choiceFeedback,
  FEEDBACK_DECLARATION,
  generalFeedback,
  showFeedback,
  GENERAL,
  whenChosen,
  withFeedbackRules,
} from "@/lib/assessments/export/qti-feedback";
import { fillInBlanks } from "@/lib/assessments/export/qti-gaps";
import {
  declaration,
  ident,
  NotXhtml,
  numberTests,
  points,
  rich,
  setScore,
  stringMapping,
  variable,
  type Built,
} from "@/lib/assessments/export/qti-parts";
import type { ExportableQuestion, WrittenQuestion } from "@/lib/assessments/export/writer";
import { escapeXml } from "@/lib/assessments/export/xml-text";
import type { QuestionContentOf } from "@/lib/schemas/questions";

// One question as a QTI 3.0 item (qti-assessment-item): the stem and an interaction in the item body,
// RESPONSE declared with its correct response, SCORE in points (the fraction times the mark, as our
// grading gives it), MAXSCORE the mark. Choice, text entry, numeric, matching, ordering, essay and fill in
// the blanks (lib/assessments/export/qti-gaps.ts) map. The general feedback and the choices' feedback are
// written (lib/assessments/export/qti-feedback.ts); the feedback of short and numeric answers and of gaps
// is noted as not kept.

const NS =
  'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"';
const MAP_RESPONSE = "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response";
const RESPONSE = variable("RESPONSE");

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
        .map(
          (c) =>
            `<qti-simple-choice identifier="${ident("C", c.id)}">${rich(c.text)}${choiceFeedback(ident("FB_C", c.id), c.feedback)}</qti-simple-choice>`,
        )
        .join("") +
      "</qti-choice-interaction>",
    processing: `<qti-response-processing template="${MAP_RESPONSE}"/>`,
    feedbackRules: q.choices
      .filter((c) => c.feedback)
      .map((c) => whenChosen(ident("C", c.id), ident("FB_C", c.id), !single)),
  };
}

function trueFalse(q: QuestionContentOf<"true_false">): Built {
  const right = q.correct ? "true" : "false";
  const feedback = { true: q.feedback_true, false: q.feedback_false };
  const choice = (id: "true" | "false", label: string) =>
    `<qti-simple-choice identifier="${id}">${label}${choiceFeedback(`FB_${id}`, feedback[id])}</qti-simple-choice>`;
  return {
    declaration: declaration(
      "single",
      "identifier",
      [right],
      `<qti-mapping default-value="0"><qti-map-entry map-key="${right}" mapped-value="${numberText(q.default_mark)}"/></qti-mapping>`,
    ),
    body:
      '<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">' +
      choice("true", "True") +
      choice("false", "False") +
      "</qti-choice-interaction>",
    processing: `<qti-response-processing template="${MAP_RESPONSE}"/>`,
    feedbackRules: (["true", "false"] as const)
      .filter((id) => feedback[id])
      .map((id) => whenChosen(id, `FB_${id}`, false)),
  };
}

const TEXT_ENTRY = '<div><qti-text-entry-interaction response-identifier="RESPONSE"/></div>';

function shortAnswer(q: QuestionContentOf<"short_answer">): Built {
  const strings = stringMapping(q.answers, q.case_sensitive, q.default_mark);
  if (!strings) return { skipped: "An answer is a pattern with *, and QTI compares a text entry with exact strings" };
  return {
    declaration: declaration("single", "string", [strings.right], strings.mapping),
    body: TEXT_ENTRY,
    processing: `<qti-response-processing template="${MAP_RESPONSE}"/>`,
  };
}

/** The answers in order, the first the number falls within giving its points, as our grading does. */
function numeric(q: QuestionContentOf<"numeric">): Built {
  if (q.units.length) return { skipped: "It takes units, which a QTI numeric text entry cannot hold" };
  const tests = numberTests(q.answers, "RESPONSE");
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
      return fillInBlanks(q, notes);
  }
}

/** Whether any feedback (a choice's, an answer's) has text. */
function hasFeedback(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasFeedback);
  if (!value || typeof value !== "object") return false;
  return Object.entries(value).some(([key, v]) =>
    /feedback/.test(key) && typeof v === "string" ? v !== "" : hasFeedback(v),
  );
}

/** The feedback this export does not write: a short or numeric answer's, a gap's. */
function unwrittenFeedback(q: ExportableQuestion): string | null {
  if ((q.type === "short_answer" || q.type === "numeric") && hasFeedback(q.answers))
    return "Its answers' feedback is not kept: this QTI export writes general and choice feedback only";
  if (q.type === "fill_in_blanks" && hasFeedback(q.gaps))
    return "Its gaps' feedback is not kept: this QTI export writes general and choice feedback only";
  return null;
}

/** The item's XML, with `identifier` as its identifier; or the reason it is skipped. */
export function qtiItem(q: ExportableQuestion, identifier: string): WrittenQuestion {
  const notes: string[] = [];
  let built: Built;
  let modal = "";
  try {
    built = parts(q, notes);
    // A fill-in-the-blanks body is its text, the gaps in their places.
    if (!("skipped" in built) && q.type !== "fill_in_blanks")
      built = { ...built, body: `<div>${rich(q.stem)}</div>${built.body}` };
    if (!("skipped" in built) && q.general_feedback) modal = generalFeedback(q.general_feedback);
  } catch (error) {
    if (error instanceof NotXhtml) return { skipped: "Its text is HTML that is not well-formed XML, which QTI needs" };
    throw error;
  }
  if ("skipped" in built) return { skipped: built.skipped };
  const rules = [...(modal ? [showFeedback(GENERAL)] : []), ...(built.feedbackRules ?? [])];
  const unwritten = unwrittenFeedback(q);
  if (unwritten) notes.push(unwritten);
  if (q.tags?.length) notes.push("Its tags are not kept");
  const text =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<qti-assessment-item ${NS} identifier="${identifier}" title="${escapeXml(q.name)}" adaptive="false" time-dependent="false">` +
    built.declaration +
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>' +
    `<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${numberText(q.default_mark)}</qti-value></qti-default-value></qti-outcome-declaration>` +
    (rules.length ? FEEDBACK_DECLARATION : "") +
    `<qti-item-body>${built.body}</qti-item-body>${withFeedbackRules(built.processing, rules, MAP_RESPONSE)}${modal}</qti-assessment-item>\n`;
  return { text, notes };
}
