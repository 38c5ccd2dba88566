import { ANY_NUMBER, parseCloze } from "@/lib/assessments/import/cloze";
import type { EmbeddedFile } from "@/lib/assessments/import/embedded-images";
import { QuestionRefused } from "@/lib/assessments/import/result";
import { defaultName, fractionFromPercent, parseNumber, textFormat, toHtml } from "@/lib/assessments/import/text";
import type { QuestionContentInput } from "@/lib/schemas/questions";
import { attr, child, children, text, type XmlNode } from "@/lib/scorm/xml";

// One Moodle XML <question> → the create schema's input, by Moodle's type. Penalty, hidden, idnumber,
// answer numbering and response field lines are about Moodle's own display and are left behind; what
// grades differently here is refused, and what is dropped although it grades the same goes in `notes`.

const UNSUPPORTED: Record<string, string> = {
  calculated: "calculated",
  calculatedsimple: "simple calculated",
  calculatedmulti: "calculated multichoice",
  randomsamatch: "random short-answer matching",
  random: "random",
  ddimageortext: "drag and drop onto image",
  ddmarker: "drag and drop markers",
};

type Common = Pick<QuestionContentInput, "name" | "stem" | "default_mark" | "general_feedback" | "tags">;

/** A text element (<questiontext format="html"><text>…</text></…>) as HTML, by its format. */
function richText(node: XmlNode, fallback: "html" | "moodle" = "html"): string {
  return toHtml(text(child(node, "text")), textFormat(attr(node, "format"), fallback));
}

const plain = (node: XmlNode) => text(child(node, "text"));
const flag = (node: XmlNode, fallback: boolean) => {
  const value = text(node).toLowerCase();
  return value === "" ? fallback : value === "true" || value === "1";
};

function fractionOf(answer: XmlNode, place: number): number {
  const raw = attr(answer, "fraction") ?? "0";
  const fraction = fractionFromPercent(raw);
  if (fraction === null) throw new QuestionRefused(`Answer ${place}'s fraction '${raw}' is not a number`);
  return fraction;
}

/** Every <file> element anywhere in the node (each text of a question holds the files it shows). */
function fileElements(node: unknown): XmlNode[] {
  if (Array.isArray(node)) return node.flatMap(fileElements);
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([name, value]) =>
    name.toLowerCase() === "file"
      ? children(node as XmlNode, name)
      : name.startsWith("@_") || name === "#text"
        ? []
        : fileElements(value),
  );
}

/**
 * The files a question embeds, by their path and name ("/" + "x.png" is "x.png"). Moodle keeps a question's
 * files per text (its question text, each feedback), so two texts may each hold a file of one name: the
 * same bytes are one file, different bytes cannot both be shown under that name and refuse the question.
 */
export function embeddedFiles(question: XmlNode): EmbeddedFile[] {
  const byKey = new Map<string, EmbeddedFile>();
  for (const element of fileElements(question)) {
    const name = attr(element, "name") ?? "";
    const key = `${(attr(element, "path") ?? "/").replace(/^\/+/, "")}${name}`;
    const encoding = (attr(element, "encoding") ?? "base64").toLowerCase();
    if (encoding !== "base64")
      throw new QuestionRefused(`Its embedded file '${key}' is encoded as ${encoding}, not base64`);
    const base64 = text(element).replace(/\s+/g, "");
    if (!name || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
      throw new QuestionRefused(`Its embedded file '${key || "(no name)"}' is not valid base64`);
    const known = byKey.get(key);
    if (known && known.base64 !== base64) throw new QuestionRefused(`It embeds two different files named '${key}'`);
    byKey.set(key, { key, base64 });
  }
  return [...byKey.values()];
}

function common(question: XmlNode, index: number, notes: string[]): Common {
  const stem = richText(child(question, "questiontext"));
  const mark = text(child(question, "defaultgrade"));
  const combined = ["correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"].some(
    (name) => plain(child(question, name)) !== "",
  );
  if (combined)
    notes.push("Its combined feedback (correct, partially correct, incorrect) is not kept: questions here have none");
  if (children(question, "hint").some((hint) => plain(hint) !== ""))
    notes.push("Its hints are not kept: questions here have none");
  return {
    name: plain(child(question, "name")) || defaultName(stem, `Question ${index}`),
    stem,
    default_mark: mark === "" ? 1 : Number(mark),
    general_feedback: richText(child(question, "generalfeedback")),
    tags: children(child(question, "tags"), "tag").map(plain),
  };
}

const answersOf = (question: XmlNode) => children(question, "answer");

function multichoice(question: XmlNode, base: Common): QuestionContentInput {
  const choices = answersOf(question).map((answer, i) => ({
    text: richText(answer),
    fraction: fractionOf(answer, i + 1),
    feedback: richText(child(answer, "feedback")),
  }));
  const shuffle = flag(child(question, "shuffleanswers"), true);
  const single = flag(child(question, "single"), true);
  return { ...base, type: single ? "single_choice" : "multiple_response", choices, shuffle };
}

function truefalse(question: XmlNode, base: Common): QuestionContentInput {
  const answers = answersOf(question);
  const find = (value: string) => answers.find((a) => plain(a).toLowerCase() === value);
  const yes = find("true");
  const no = find("false");
  if (!yes || !no) throw new QuestionRefused("A true/false question needs the answers 'true' and 'false'");
  const fraction = fractionOf(yes, answers.indexOf(yes) + 1);
  if (fraction !== 0 && fraction !== 1)
    throw new QuestionRefused("The answer 'true' is neither right nor wrong (its fraction is neither 100 nor 0)");
  return {
    ...base,
    type: "true_false",
    correct: fraction === 1,
    feedback_true: richText(child(yes, "feedback")),
    feedback_false: richText(child(no, "feedback")),
  };
}

function shortanswer(question: XmlNode, base: Common): QuestionContentInput {
  return {
    ...base,
    type: "short_answer",
    case_sensitive: flag(child(question, "usecase"), false),
    answers: answersOf(question).map((answer, i) => ({
      text: plain(answer),
      fraction: fractionOf(answer, i + 1),
      feedback: richText(child(answer, "feedback")),
    })),
  };
}

/**
 * Units: "not used" (showunits 3) grades the number alone; "optional" converts a unit given; "graded"
 * takes a share of the mark for a wrong or missing unit, which is a required unit here only when that
 * share is the whole mark.
 */
function numerical(question: XmlNode, base: Common): QuestionContentInput {
  const answers = answersOf(question).map((answer, i) => {
    const raw = plain(answer);
    const fraction = fractionOf(answer, i + 1);
    const feedback = richText(child(answer, "feedback"));
    if (raw === "*") return { ...ANY_NUMBER, fraction, feedback };
    const value = parseNumber(raw);
    const tolerance = parseNumber(text(child(answer, "tolerance")) || "0");
    if (value === null || tolerance === null)
      throw new QuestionRefused(`Answer ${i + 1} ('${raw}') is not a number with a tolerance`);
    return { value, tolerance: Math.abs(tolerance), fraction, feedback };
  });
  const showUnits = text(child(question, "showunits"));
  const graded = Number(text(child(question, "unitgradingtype")) || "0");
  const penalty = Number(text(child(question, "unitpenalty")) || "0");
  const listed = children(child(question, "units"), "unit").map((unit) => ({
    unit: text(child(unit, "unit_name")),
    multiplier: Number(text(child(unit, "multiplier"))),
  }));
  const units = showUnits === "3" ? [] : listed;
  if (units.length && flag(child(question, "unitsleft"), false))
    throw new QuestionRefused("Its units are written before the number, which is not supported");
  if (units.length && graded > 0 && penalty < 1)
    throw new QuestionRefused(
      `A wrong or missing unit costs ${Math.round(penalty * 100)}% of the mark in Moodle; here a required unit is all or nothing`,
    );
  return { ...base, type: "numeric", answers, units, unit_required: units.length > 0 && graded > 0 };
}

function matching(question: XmlNode, base: Common): QuestionContentInput {
  const pairs: { prompt: string; answer: string }[] = [];
  const distractors: string[] = [];
  for (const sub of children(question, "subquestion")) {
    const prompt = richText(sub);
    const answer = plain(child(sub, "answer"));
    if (prompt === "") distractors.push(answer);
    else pairs.push({ prompt, answer });
  }
  return { ...base, type: "matching", pairs, distractors, shuffle: flag(child(question, "shuffleanswers"), true) };
}

const ORDERING_GRADING: Record<string, "all_or_nothing" | "absolute_position" | "relative_next"> = {
  ALL_OR_NOTHING: "all_or_nothing",
  "-1": "all_or_nothing",
  ABSOLUTE_POSITION: "absolute_position",
  "0": "absolute_position",
  RELATIVE_NEXT_EXCLUDE_LAST: "relative_next",
  "1": "relative_next",
};

/** The ordering plugin keeps each item's place in the right order as its answer's fraction (1, 2, 3…). */
function ordering(question: XmlNode, base: Common): QuestionContentInput {
  const select = text(child(question, "selecttype")).toUpperCase() || "ALL";
  if (select !== "ALL" && select !== "0")
    throw new QuestionRefused(
      "It shows a random subset of its items, which is not supported: every item is shown here",
    );
  const kind = text(child(question, "gradingtype")).toUpperCase() || "ABSOLUTE_POSITION";
  const grading = ORDERING_GRADING[kind];
  if (!grading)
    throw new QuestionRefused(
      `Its grading ${kind} is not supported: all or nothing, absolute position and relative to the next (last excluded) are`,
    );
  const items = answersOf(question).map((answer, i) => ({
    text: richText(answer),
    place: Number(attr(answer, "fraction") ?? i + 1),
    i,
  }));
  items.sort((a, b) => a.place - b.place || a.i - b.i);
  return { ...base, type: "ordering", items: items.map(({ text: itemText }) => ({ text: itemText })), grading };
}

/** Drag-and-drop into text and select missing words: [[n]] is option n, offered with the others of its group. */
function choiceGaps(question: XmlNode, base: Common, optionTag: "dragbox" | "selectoption"): QuestionContentInput {
  const options = children(question, optionTag).map((option) => ({
    text: plain(option),
    group: text(child(option, "group")) || "1",
  }));
  const shuffle = flag(child(question, "shuffleanswers"), true);
  const gaps: Extract<QuestionContentInput, { type: "fill_in_blanks" }>["gaps"] = [];
  const stem = base.stem.replace(/\[\[(\d+)\]\]/g, (_marker, number: string) => {
    const right = options[Number(number) - 1];
    if (!right) throw new QuestionRefused(`Its text has the gap [[${number}]], but there is no choice ${number}`);
    const id = `g${gaps.length + 1}`;
    const choices = options
      .filter((o) => o.group === right.group)
      .map((o) => ({ text: o.text, fraction: o === right ? 1 : 0 }));
    gaps.push({ id, type: "choice", shuffle, choices });
    return `[[${id}]]`;
  });
  return { ...base, stem, type: "fill_in_blanks", gaps };
}

function essay(question: XmlNode, base: Common, notes: string[]): QuestionContentInput {
  const format = text(child(question, "responseformat"));
  if (format === "noinline" || Number(text(child(question, "attachmentsrequired")) || "0") > 0)
    throw new QuestionRefused("It asks for attached files, which essays here do not take: they are answered as text");
  if (Number(text(child(question, "attachments")) || "0") !== 0)
    notes.push("Its attachments are not kept: essays here are answered as text");
  if (plain(child(question, "responsetemplate")) !== "")
    notes.push("Its response template is not kept: essays here start empty");
  const words = (name: string) => {
    const value = Number(text(child(question, name)) || "0");
    return value > 0 ? value : undefined;
  };
  return {
    ...base,
    type: "essay",
    grader_info: richText(child(question, "graderinfo")),
    min_words: words("minwordlimit"),
    max_words: words("maxwordlimit"),
  };
}

export function convertMoodleQuestion(type: string, question: XmlNode, index: number, notes: string[]) {
  if (UNSUPPORTED[type]) throw new QuestionRefused(`Moodle's ${UNSUPPORTED[type]} questions are not supported`);
  if (type === "description")
    throw new QuestionRefused("A description is text shown between questions, with nothing to answer: not imported");
  const base = common(question, index, notes);
  switch (type) {
    case "multichoice":
      return multichoice(question, base);
    case "truefalse":
      return truefalse(question, base);
    case "shortanswer":
      return shortanswer(question, base);
    case "numerical":
      return numerical(question, base);
    case "matching":
      return matching(question, base);
    case "ordering":
      return ordering(question, base);
    case "ddwtos":
      return choiceGaps(question, base, "dragbox");
    case "gapselect":
      return choiceGaps(question, base, "selectoption");
    case "essay":
      return essay(question, base, notes);
    case "cloze":
    case "multianswer":
      return { ...base, type: "fill_in_blanks" as const, ...parseCloze(base.stem) };
    default:
      throw new QuestionRefused(`Moodle's '${type || "(no type)"}' questions are not supported`);
  }
}
