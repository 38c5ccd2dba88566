import { moodleCloze } from "@/lib/assessments/export/moodle-xml-cloze";
import { isAnyNumber, numberText, percentText, rangeAsTolerance } from "@/lib/assessments/export/numbers";
import {
  anyText,
  reportLines,
  type ExportableQuestion,
  type ExportReport,
  type QuestionFileWriter,
  type WrittenQuestion,
} from "@/lib/assessments/export/writer";
import { cdata, commentText, escapeXml, NOT_XML } from "@/lib/assessments/export/xml-text";
import type { QuestionContentOf } from "@/lib/schemas/questions";

// Questions → Moodle XML, as Moodle's own export writes it (question/format/xml): a category record before
// each bank's questions, HTML in CDATA with format="html", fractions as percentages. Every type here has a
// Moodle equivalent except an essay graded with a rubric; the importer (lib/assessments/import/) reads
// back what this writes.

const html = (tag: string, value: string, indent = "    ") =>
  `${indent}<${tag} format="html">\n${indent}  <text>${cdata(value)}</text>\n${indent}</${tag}>\n`;
const plain = (tag: string, value: string | number, indent = "    ") =>
  `${indent}<${tag}>${escapeXml(String(value))}</${tag}>\n`;
const textElement = (tag: string, value: string, indent = "    ") =>
  `${indent}<${tag}>\n${indent}  <text>${escapeXml(value)}</text>\n${indent}</${tag}>\n`;

/** A Moodle category path: the context, its top, the banks; a "/" in a name is written "//". */
export const categoryText = (path: string[]) =>
  ["$course$", "top", ...path.map((name) => name.replace(/\//g, "//"))].join("/");

function answer(fraction: number, body: string, feedback: string, extra = ""): string {
  return (
    `    <answer fraction="${percentText(fraction)}" format="html">\n` +
    `      <text>${body}</text>\n` +
    extra +
    html("feedback", feedback, "      ") +
    "    </answer>\n"
  );
}

function header(content: ExportableQuestion, type: string): string {
  return (
    `  <question type="${type}">\n` +
    textElement("name", content.name) +
    html("questiontext", content.stem) +
    html("generalfeedback", content.general_feedback) +
    plain("defaultgrade", numberText(content.default_mark)) +
    plain("hidden", 0)
  );
}

function footer(content: ExportableQuestion): string {
  const tags = content.tags ?? [];
  const list = tags.length
    ? `    <tags>\n${tags.map((t) => `      <tag><text>${escapeXml(t)}</text></tag>\n`).join("")}    </tags>\n`
    : "";
  return `${list}  </question>\n`;
}

type Body = { text: string; notes?: string[] } | { skipped: string };

function choices(q: QuestionContentOf<"single_choice" | "multiple_response">): Body {
  const single = q.type === "single_choice";
  return {
    text:
      plain("single", single ? "true" : "false") +
      plain("shuffleanswers", q.shuffle ? "true" : "false") +
      plain("answernumbering", "abc") +
      q.choices.map((c) => answer(c.fraction, cdata(c.text), c.feedback)).join(""),
  };
}

function trueFalse(q: QuestionContentOf<"true_false">): Body {
  return {
    text:
      answer(q.correct ? 1 : 0, "true", q.feedback_true).replace('format="html"', 'format="moodle_auto_format"') +
      answer(q.correct ? 0 : 1, "false", q.feedback_false).replace('format="html"', 'format="moodle_auto_format"'),
  };
}

function shortAnswer(q: QuestionContentOf<"short_answer">): Body {
  return {
    text:
      plain("usecase", q.case_sensitive ? 1 : 0) +
      q.answers.map((a) => answer(a.fraction, escapeXml(a.text), a.feedback)).join(""),
  };
}

/** A range is written as its middle with a tolerance where that means the same numbers, else refused. */
function numeric(q: QuestionContentOf<"numeric">): Body {
  const notes: string[] = [];
  const answers: string[] = [];
  for (const [i, a] of q.answers.entries()) {
    let value = a.value;
    let tolerance = a.tolerance ?? 0;
    if (value === undefined && !isAnyNumber(a)) {
      const converted = rangeAsTolerance(a);
      if (!converted)
        return { skipped: `Answer ${i + 1} is the range ${a.min}..${a.max}, which Moodle XML cannot write exactly` };
      ({ value, tolerance } = converted);
      notes.push(
        `Answer ${i + 1}, the range ${a.min}..${a.max}, is written as ${value} ± ${tolerance} (the same numbers)`,
      );
    }
    const written = value === undefined ? "*" : numberText(value);
    answers.push(answer(a.fraction, written, a.feedback, plain("tolerance", numberText(tolerance), "      ")));
  }
  const units = q.units.length
    ? `    <units>\n${q.units
        .map(
          (u) =>
            `      <unit>\n${plain("multiplier", numberText(u.multiplier), "        ")}${plain("unit_name", u.unit, "        ")}      </unit>\n`,
        )
        .join("")}    </units>\n`
    : "";
  // A required unit is Moodle's graded unit costing the whole mark when wrong or missing.
  const options =
    plain("unitgradingtype", q.unit_required ? 1 : 0) +
    plain("unitpenalty", q.unit_required ? "1.0000000" : "0.1000000") +
    plain("showunits", q.units.length ? 0 : 3) +
    plain("unitsleft", 0);
  return { text: answers.join("") + units + options, notes };
}

function matching(q: QuestionContentOf<"matching">): Body {
  const sub = (prompt: string, answerText: string) =>
    `    <subquestion format="html">\n      <text>${cdata(prompt)}</text>\n` +
    `      <answer>\n        <text>${escapeXml(answerText)}</text>\n      </answer>\n    </subquestion>\n`;
  return {
    text:
      plain("shuffleanswers", q.shuffle ? "true" : "false") +
      q.pairs.map((p) => sub(p.prompt, p.answer)).join("") +
      q.distractors.map((d) => sub("", d)).join(""),
  };
}

const ORDERING_GRADING = {
  all_or_nothing: "ALL_OR_NOTHING",
  absolute_position: "ABSOLUTE_POSITION",
  relative_next: "RELATIVE_NEXT_EXCLUDE_LAST",
} as const;

/** The ordering plugin's format: each item's place in the right order is its answer's fraction. */
function ordering(q: QuestionContentOf<"ordering">): Body {
  return {
    text:
      plain("layouttype", "VERTICAL") +
      plain("selecttype", "ALL") +
      plain("selectcount", 0) +
      plain("gradingtype", ORDERING_GRADING[q.grading]) +
      plain("showgrading", "SHOW") +
      plain("numberingstyle", "none") +
      q.items
        .map(
          (item, i) =>
            `    <answer fraction="${i + 1}" format="html">\n      <text>${cdata(item.text)}</text>\n    </answer>\n`,
        )
        .join(""),
  };
}

function essay(q: QuestionContentOf<"essay">): Body {
  if (q.grading.method === "rubric")
    return {
      skipped: "It is graded along a rubric, which a Moodle essay cannot hold (Moodle grades it with a comment)",
    };
  return {
    text:
      plain("responseformat", "editor") +
      plain("responserequired", 1) +
      plain("responsefieldlines", 15) +
      (q.min_words ? plain("minwordlimit", q.min_words) : "") +
      (q.max_words ? plain("maxwordlimit", q.max_words) : "") +
      plain("attachments", 0) +
      plain("attachmentsrequired", 0) +
      html("graderinfo", q.grader_info) +
      html("responsetemplate", ""),
  };
}

const MOODLE_TYPE = {
  single_choice: "multichoice",
  multiple_response: "multichoice",
  true_false: "truefalse",
  short_answer: "shortanswer",
  numeric: "numerical",
  matching: "matching",
  ordering: "ordering",
  fill_in_blanks: "cloze",
  essay: "essay",
} as const;

function body(q: ExportableQuestion): Body {
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
    case "fill_in_blanks":
      return moodleCloze(q);
    case "essay":
      return essay(q);
  }
}

function question(content: ExportableQuestion): WrittenQuestion {
  if (anyText(content, NOT_XML)) return { skipped: "It holds control characters, which an XML file cannot carry" };
  const written = body(content);
  if ("skipped" in written) return { skipped: written.skipped };
  // A cloze question's text is its gaps written into the stem.
  const stem = content.type === "fill_in_blanks" ? written.text : null;
  const head = header(stem === null ? content : { ...content, stem }, MOODLE_TYPE[content.type]);
  return { text: head + (stem === null ? written.text : "") + footer(content), notes: written.notes ?? [] };
}

export const moodleXmlWriter: QuestionFileWriter = {
  head: (report: ExportReport) => {
    const lines = reportLines(report);
    const comment = lines.length ? `<!--\n${lines.map((l) => commentText(l)).join("\n")}\n-->\n` : "";
    return `<?xml version="1.0" encoding="UTF-8"?>\n${comment}<quiz>\n`;
  },
  category: (path) =>
    `  <question type="category">\n    <category>\n      <text>${escapeXml(categoryText(path))}</text>\n    </category>\n` +
    html("info", "") +
    "  </question>\n",
  question,
  foot: () => "</quiz>\n",
};
