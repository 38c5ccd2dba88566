import { XMLValidator } from "fast-xml-parser";
import { declaresEntities, questionXmlParser } from "@/lib/assessments/import/question-xml";
import { QuestionRefused } from "@/lib/assessments/import/result";
import { defaultName, parseNumber } from "@/lib/assessments/import/text";
import type { QuestionContentInput } from "@/lib/schemas/questions";
import { attr, child, children, text, type XmlNode } from "@/lib/scorm/xml";

// One QTI 3.0 qti-assessment-item → the create schema's input, by its one interaction: a choice (single
// or multiple, true/false when its choices are `true` and `false`), a text entry (a string: short answer;
// a float: numeric), a match, an order, an extended text (essay). Points are read from the mapping (or
// the numeric conditions our export writes) as fractions of MAXSCORE; without a mapping the correct
// response is fully right. Anything else is refused with its reason. Texts are the item's XHTML as it is.

const INTERACTIONS =
  /<qti-(choice|text-entry|extended-text|match|order|inline-choice|hotspot|gap-match|associate|slider|upload|drawing|hottext|graphic-[a-z-]+|media|position-object|select-point|custom|end-attempt|portable-custom)-interaction\b/g;

/** The raw inner XML of the first element named `tag` with `identifier` (or the first at all). */
function inner(xml: string, tag: string, identifier?: string): string {
  const open = identifier
    ? new RegExp(`<${tag}\\b[^>]*\\bidentifier="${identifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`)
    : new RegExp(`<${tag}\\b[^>]*>`);
  const start = open.exec(xml);
  if (!start) return "";
  const from = start.index + start[0].length;
  const end = xml.indexOf(`</${tag}>`, from);
  return end < 0 ? "" : xml.slice(from, end).trim();
}

/** The item body without its interactions and scorer's blocks, an interaction's prompt after it; a lone outer <div> unwrapped. */
function stemOf(xml: string): string {
  const prompt = inner(xml, "qti-prompt");
  let body = inner(xml, "qti-item-body")
    .replace(/<qti-rubric-block\b[\s\S]*?<\/qti-rubric-block>/g, "")
    .replace(/<qti-([a-z-]+)-interaction\b[^>]*\/>/g, "")
    .replace(/<qti-([a-z-]+)-interaction\b[\s\S]*?<\/qti-\1-interaction>/g, "")
    .replace(/<div>\s*<\/div>/g, "")
    .trim();
  const lone = /^<div>([\s\S]*)<\/div>$/.exec(body);
  if (lone && !/<div\b/.test(lone[1]!)) body = lone[1]!.trim();
  if (!prompt) return body;
  return `${body}${prompt.startsWith("<") ? prompt : `<p>${prompt}</p>`}`;
}

const list = (node: XmlNode, name: string) => children(node, name);

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** Raw XML text as plain text: its entity and character references read. */
const decodeXml = (raw: string) =>
  raw.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(parseInt(name.slice(1), 10))
        : XML_ENTITIES[name.toLowerCase()]!,
  );
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

const round = (n: number) => Number(n.toPrecision(12));

function choiceItem(item: Item, interaction: XmlNode): QuestionContentInput {
  const ids = list(interaction, "qti-simple-choice").map((c) => attr(c, "identifier") ?? "");
  const maxChoices = Number(attr(interaction, "max-choices") ?? "1");
  if (ids.length === 2 && ids.includes("true") && ids.includes("false") && maxChoices === 1) {
    const right = ids.find((id) => fractionOf(item, id) === 1);
    if (!right) throw new QuestionRefused("Neither true nor false is its right answer");
    return { type: "true_false", correct: right === "true", name: "", stem: "" };
  }
  const choices = ids.map((id) => ({
    id: id.replace(/^C_/, "").slice(0, 40),
    text: inner(item.xml, "qti-simple-choice", id),
    fraction: round(fractionOf(item, id)),
  }));
  return {
    type: maxChoices === 1 ? "single_choice" : "multiple_response",
    shuffle: attr(interaction, "shuffle") === "true",
    choices,
    name: "",
    stem: "",
  };
}

/** Our export's numeric conditions: an absolute-tolerance equal, a gte/lte range, or true. */
function numericAnswers(item: Item) {
  const condition = child(child(item.root, "qti-response-processing"), "qti-response-condition");
  const branches = list(condition, "qti-response-else-if");
  if (!branches.length) {
    const value = parseNumber(item.correct[0] ?? "");
    if (value === null) throw new QuestionRefused("Its numeric text entry has no correct response to grade by");
    return [{ value, tolerance: 0, fraction: 1 }];
  }
  return branches.map((branch, i) => {
    const score = Number(text(child(child(branch, "qti-set-outcome-value"), "qti-base-value")));
    const fraction = round(score / item.mark);
    const equal = child(branch, "qti-equal");
    if (equal) {
      const value = parseNumber(text(child(equal, "qti-base-value")));
      const tolerance = parseNumber((attr(equal, "tolerance") ?? "0").split(/\s+/)[0]!);
      if (value === null || tolerance === null)
        throw new QuestionRefused(`Condition ${i + 1} is not a number with a tolerance`);
      return { value, tolerance, fraction };
    }
    const and = child(branch, "qti-and");
    if (and) {
      const min = parseNumber(text(child(child(and, "qti-gte"), "qti-base-value")));
      const max = parseNumber(text(child(child(and, "qti-lte"), "qti-base-value")));
      if (min === null || max === null) throw new QuestionRefused(`Condition ${i + 1} is not a range of numbers`);
      return { min, max, fraction };
    }
    if (text(child(branch, "qti-base-value")) === "true")
      return { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, fraction };
    throw new QuestionRefused(`Condition ${i + 1} of its response processing is not one this import reads`);
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
  const targetText = (id: string) =>
    decodeXml(
      inner(item.xml, "qti-simple-associable-choice", id)
        .replace(/<[^>]*>/g, "")
        .trim(),
    );
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

export function parseQtiItem(xml: string, index: number): QuestionContentInput {
  if (xml.length > MAX_ITEM_CHARS)
    throw new QuestionRefused("The item is larger than 1 MB, far more than a question holds");
  if (declaresEntities(xml)) throw new QuestionRefused("It declares a DOCTYPE or entities, which are not allowed");
  if (XMLValidator.validate(xml) !== true) throw new QuestionRefused("It is not well-formed XML");
  const root = child(questionXmlParser.parse(xml) as XmlNode, "qti-assessment-item");
  if (!root) throw new QuestionRefused("It is not a qti-assessment-item");
  const found = [...xml.matchAll(INTERACTIONS)].map((m) => m[1]!);
  if (found.length !== 1)
    throw new QuestionRefused(`It has ${found.length} interactions; a question here is one interaction`);
  const kind = found[0]!;
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
  if (kind === "choice") content = choiceItem(item, interaction("qti-choice-interaction"));
  else if (kind === "text-entry") content = textEntry(item);
  else if (kind === "match") content = match(item, interaction("qti-match-interaction"));
  else if (kind === "order") content = order(item, interaction("qti-order-interaction"));
  else if (kind === "extended-text") content = essay(item);
  else throw new QuestionRefused(`Its ${kind} interaction has no question type here`);
  const stem = stemOf(xml);
  return {
    ...content,
    stem,
    name: (attr(root, "title") ?? "").trim() || defaultName(stem, `Question ${index}`),
    default_mark: mark,
  };
}
