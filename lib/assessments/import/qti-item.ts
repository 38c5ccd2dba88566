import { XMLValidator } from "fast-xml-parser";
import { declaresEntities, questionXmlParser } from "@/lib/assessments/import/question-xml";
import { QuestionRefused } from "@/lib/assessments/import/result";
import { defaultName, parseNumber } from "@/lib/assessments/import/text";
import type { QuestionContentInput } from "@/lib/schemas/questions";
import { readGaps, isGapKind } from "@/lib/assessments/import/qti-gaps";
import { readGeneralFeedback, splitChoice, withoutBodyFeedback } from "@/lib/assessments/import/qti-feedback";
import { inner, list, numericBranch, plainText, round } from "@/lib/assessments/import/qti-read";
import { attr, child, children, text, type XmlNode } from "@/lib/scorm/xml";

// One QTI 3.0 qti-assessment-item → the create schema's input, by its one interaction: a choice (single
// or multiple, true/false when its choices are `true` and `false`), a text entry (a string: short answer;
// a float: numeric), a match, an order, an extended text (essay); or by its text entries and inline
// choices as the gaps of a fill in the blanks (lib/assessments/import/qti-gaps.ts). Points are read from
// the mapping (or the numeric conditions our export writes) as fractions of MAXSCORE; without a mapping the
// correct response is fully right. General and choice feedback are read as
// lib/assessments/import/qti-feedback.ts says. Anything else is refused with its reason. Texts are the
// item's XHTML as it is.

const INTERACTIONS =
  /<qti-(choice|text-entry|extended-text|match|order|inline-choice|hotspot|gap-match|associate|slider|upload|drawing|hottext|graphic-[a-z-]+|media|position-object|select-point|custom|end-attempt|portable-custom)-interaction\b/g;

/** The item body without the scorer's blocks. */
const bodyOf = (xml: string) =>
  inner(xml, "qti-item-body").replace(/<qti-rubric-block\b[\s\S]*?<\/qti-rubric-block>/g, "");

/** Text without empty <div>s and <p>s (where an interaction stood), a lone outer <div> unwrapped. */
function unwrap(html: string): string {
  const body = html.replace(/<(div|p)>\s*<\/\1>/g, "").trim();
  const lone = /^<div>([\s\S]*)<\/div>$/.exec(body);
  return lone && !/<div\b/.test(lone[1]!) ? lone[1]!.trim() : body;
}

/** The item body without its interactions, its scorer's blocks and its feedback, an interaction's prompt after it. */
function stemOf(xml: string, notes: string[]): string {
  const prompt = inner(xml, "qti-prompt");
  const body = unwrap(
    withoutBodyFeedback(
      bodyOf(xml)
        .replace(/<qti-([a-z-]+)-interaction\b[^>]*\/>/g, "")
        .replace(/<qti-([a-z-]+)-interaction\b[\s\S]*?<\/qti-\1-interaction>/g, ""),
      notes,
    ),
  );
  if (!prompt) return body;
  return `${body}${prompt.startsWith("<") ? prompt : `<p>${prompt}</p>`}`;
}

const values = (node: XmlNode) => list(child(node, "qti-correct-response"), "qti-value").map(text);

interface Item {
  xml: string;
  root: XmlNode;
  response: XmlNode;
  mark: number;
  /** The mapping's points by key, as fractions of the mark. */
  mapped: Map<string, number> | null;
  correct: string[];
}

function fractionOf(item: Item, key: string): number {
  if (item.mapped) return item.mapped.get(key) ?? 0;
  return item.correct.includes(key) ? 1 : 0;
}

/**
 * Whether the item's one text entry stands alone (in the body, or a <div> or <p> of its own): a short or
 * numeric answer. Inside a sentence it is the one gap of a fill in the blanks.
 */
function standsAlone(xml: string, root: XmlNode): boolean {
  if (child(child(root, "qti-item-body"), "qti-text-entry-interaction")) return true;
  const entry = String.raw`<qti-text-entry-interaction\b[^>]*?(?:\/>|>\s*<\/qti-text-entry-interaction>)`;
  return new RegExp(String.raw`<(div|p)\b[^>]*>\s*${entry}\s*<\/\1>`).test(bodyOf(xml));
}

/** A feedback field only when the file has one, as our schema's default is "". */
const some = <K extends string>(key: K, feedback: string) => (feedback ? { [key]: feedback } : {});

function choiceItem(item: Item, interaction: XmlNode, notes: string[]): QuestionContentInput {
  const ids = list(interaction, "qti-simple-choice").map((c) => attr(c, "identifier") ?? "");
  const maxChoices = Number(attr(interaction, "max-choices") ?? "1");
  const split = (id: string) => splitChoice(inner(item.xml, "qti-simple-choice", id), notes);
  if (ids.length === 2 && ids.includes("true") && ids.includes("false") && maxChoices === 1) {
    const right = ids.find((id) => fractionOf(item, id) === 1);
    if (!right) throw new QuestionRefused("Neither true nor false is its right answer");
    return {
      type: "true_false",
      correct: right === "true",
      ...some("feedback_true", split("true").feedback),
      ...some("feedback_false", split("false").feedback),
      name: "",
      stem: "",
    };
  }
  const choices = ids.map((id) => {
    const { text, feedback } = split(id);
    return {
      id: id.replace(/^C_/, "").slice(0, 40),
      text,
      fraction: round(fractionOf(item, id)),
      ...some("feedback", feedback),
    };
  });
  return {
    type: maxChoices === 1 ? "single_choice" : "multiple_response",
    shuffle: attr(interaction, "shuffle") === "true",
    choices,
    name: "",
    stem: "",
  };
}

/** Our export's numeric conditions, tried in order after the blank response's; else the correct response. */
function numericAnswers(item: Item) {
  const condition = child(child(item.root, "qti-response-processing"), "qti-response-condition");
  const branches = list(condition, "qti-response-else-if");
  if (!branches.length) {
    const value = parseNumber(item.correct[0] ?? "");
    if (value === null) throw new QuestionRefused("Its numeric text entry has no correct response to grade by");
    return [{ value, tolerance: 0, fraction: 1 }];
  }
  return branches.map((branch, i) => {
    const { answer, points } = numericBranch(branch, i);
    return { ...answer, fraction: round(points / item.mark) };
  });
}

function textEntry(item: Item): QuestionContentInput {
  const baseType = attr(item.response, "base-type");
  if (baseType === "float" || baseType === "integer")
    return { type: "numeric", answers: numericAnswers(item), name: "", stem: "" };
  const entries = list(child(item.response, "qti-mapping"), "qti-map-entry");
  const sensitive = new Set(entries.map((e) => attr(e, "case-sensitive") ?? "true"));
  if (sensitive.size > 1)
    throw new QuestionRefused("Its answers differ in case sensitivity, which one question here cannot");
  const escape = (key: string) => key.replace(/\*/g, "\\*");
  const answers = entries.length
    ? entries.map((e) => ({
        text: escape(attr(e, "map-key") ?? ""),
        fraction: round(Number(attr(e, "mapped-value") ?? "0") / item.mark),
      }))
    : item.correct.map((v) => ({ text: escape(v), fraction: 1 }));
  return { type: "short_answer", case_sensitive: sensitive.has("true"), answers, name: "", stem: "" };
}

function match(item: Item, interaction: XmlNode): QuestionContentInput {
  const [sources, targets] = list(interaction, "qti-simple-match-set");
  const targetIds = list(targets, "qti-simple-associable-choice").map((c) => attr(c, "identifier") ?? "");
  const targetText = (id: string) => plainText(inner(item.xml, "qti-simple-associable-choice", id));
  const byPrompt = new Map(item.correct.map((pair) => pair.split(/\s+/) as [string, string]));
  const used = new Set(byPrompt.values());
  const pairs = list(sources, "qti-simple-associable-choice").map((c) => {
    const id = attr(c, "identifier") ?? "";
    const to = byPrompt.get(id);
    if (!to) throw new QuestionRefused(`Its prompt '${id}' has no right answer in the correct response`);
    return {
      id: id.replace(/^P_/, "").slice(0, 40),
      prompt: inner(item.xml, "qti-simple-associable-choice", id),
      answer: targetText(to),
    };
  });
  const distractors = targetIds.filter((id) => !used.has(id)).map(targetText);
  return { type: "matching", shuffle: attr(interaction, "shuffle") === "true", pairs, distractors, name: "", stem: "" };
}

function order(item: Item, interaction: XmlNode): QuestionContentInput {
  const ids = list(interaction, "qti-simple-choice").map((c) => attr(c, "identifier") ?? "");
  if (item.correct.length !== ids.length) throw new QuestionRefused("Its correct order does not name every item");
  return {
    type: "ordering",
    grading: "all_or_nothing",
    // The file's identifiers are left behind: the learner receives the items' ids, and a file may number
    // them in the right order; the schema gives each a random one.
    items: item.correct.map((id) => ({ text: inner(item.xml, "qti-simple-choice", id) })),
    name: "",
    stem: "",
  };
}

function essay(item: Item): QuestionContentInput {
  const rubric = /<qti-rubric-block\b[^>]*view="scorer"[^>]*>([\s\S]*?)<\/qti-rubric-block>/.exec(item.xml);
  const info = rubric ? inner(rubric[1]!, "qti-content-body") || rubric[1]!.trim() : "";
  return { type: "essay", grader_info: info, name: "", stem: "" };
}

/** Far above any one question (a question's text is at most 50,000 characters); the regular expressions stay fast. */
const MAX_ITEM_CHARS = 1_000_000;

export function parseQtiItem(xml: string, index: number, notes: string[] = []): QuestionContentInput {
  if (xml.length > MAX_ITEM_CHARS)
    throw new QuestionRefused("The item is larger than 1 MB, far more than a question holds");
  if (declaresEntities(xml)) throw new QuestionRefused("It declares a DOCTYPE or entities, which are not allowed");
  if (XMLValidator.validate(xml) !== true) throw new QuestionRefused("It is not well-formed XML");
  const root = child(questionXmlParser.parse(xml) as XmlNode, "qti-assessment-item");
  if (!root) throw new QuestionRefused("It is not a qti-assessment-item");
  const found = [...xml.matchAll(INTERACTIONS)].map((m) => m[1]!);
  const kind = found[0] ?? "";
  const isGaps =
    found.length > 0 &&
    found.every(isGapKind) &&
    (found.length > 1 || kind === "inline-choice" || !standsAlone(xml, root));
  if (found.length !== 1 && !isGaps)
    throw new QuestionRefused(`It has ${found.length} interactions; a question here is one interaction`);
  const declarations = list(root, "qti-response-declaration");
  const response = declarations.find((d) => attr(d, "identifier") === "RESPONSE") ?? declarations[0];
  const maxScore = list(root, "qti-outcome-declaration").find((o) => attr(o, "identifier") === "MAXSCORE");
  const mark = Number(text(child(child(maxScore, "qti-default-value"), "qti-value")) || "1") || 1;
  const mapping = child(response, "qti-mapping");
  const mapped = mapping
    ? new Map(
        list(mapping, "qti-map-entry").map((e) => [
          attr(e, "map-key") ?? "",
          Number(attr(e, "mapped-value") ?? "0") / mark,
        ]),
      )
    : null;
  const item: Item = { xml, root, response, mark, mapped, correct: values(response) };
  const body = child(root, "qti-item-body");
  const interaction = (name: string) =>
    child(body, name) ??
    children(body, "div")
      .map((d) => child(d, name))
      .find((n) => n !== undefined);
  let content: QuestionContentInput;
  let stem: string | null = null;
  if (isGaps) {
    const read = readGaps(root, bodyOf(xml), notes);
    content = { type: "fill_in_blanks", gaps: read.gaps, name: "", stem: "" };
    stem = unwrap(withoutBodyFeedback(read.stem, notes));
  } else if (kind === "choice") content = choiceItem(item, interaction("qti-choice-interaction"), notes);
  else if (kind === "text-entry") content = textEntry(item);
  else if (kind === "match") content = match(item, interaction("qti-match-interaction"));
  else if (kind === "order") content = order(item, interaction("qti-order-interaction"));
  else if (kind === "extended-text") content = essay(item);
  else throw new QuestionRefused(`Its ${kind} interaction has no question type here`);
  stem ??= stemOf(xml, notes);
  return {
    ...content,
    stem,
    ...some("general_feedback", readGeneralFeedback(xml, root, notes)),
    name: (attr(root, "title") ?? "").trim() || defaultName(stem, `Question ${index}`),
    default_mark: mark,
  };
}
