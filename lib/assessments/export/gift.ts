import {
  giftFeedback,
  giftNumber,
  giftPiece,
  giftWeight,
  escapeGift,
  NOT_GIFT,
} from "@/lib/assessments/export/gift-text";
import {
  anyText,
  reportLines,
  type ExportableQuestion,
  type ExportReport,
  type QuestionFileWriter,
  type WrittenQuestion,
} from "@/lib/assessments/export/writer";
import type { Gap } from "@/lib/schemas/question-types";
import type { QuestionContentOf } from "@/lib/schemas/questions";

// Questions → GIFT, Moodle's text format, as its import reads it (lib/assessments/import/gift.ts reads it
// back): `::name::[html]text{answers}`, each answer on its own line with its weight and #feedback,
// ####general feedback, `$CATEGORY:` before each bank's questions. GIFT has no ordering questions, no
// units, no case-sensitive answers and one blank per question at most: such questions are skipped with
// the reason. It has no mark, tags, shuffle setting or grader information either: those are noted.

/** The answers block; a blank's question also its text before and after the braces. */
type Answers = { answers: string; before?: string; after?: string; notes: string[] } | { skipped: string };

const SKIP_ARROW = "An answer holds '->', which GIFT would read as a matching pair";
/** Short answers are told from matching by the arrow: one in an answer or its feedback would mislead. */
const arrowFree = (written: Answers): Answers =>
  "answers" in written && written.answers.includes("->") ? { skipped: SKIP_ARROW } : written;

function shuffleNote(shuffle: boolean, notes: string[]) {
  if (!shuffle) notes.push("Its choices will be shuffled: GIFT has no setting to keep them in order");
}

/**
 * Choices: single choice writes its first fully right choice with = (no weight: Moodle reads none after
 * =), so the reader sees one = and at least one ~; the others carry their weight. A text after = that
 * starts with % gets an explicit [html], so it is not read as a weight.
 */
function choiceLines(choices: { text: string; fraction: number; feedback: string }[], single: boolean) {
  const first = single ? choices.findIndex((c) => c.fraction === 1) : -1;
  return choices.map((c, i) => {
    const text = giftPiece(c.text);
    const lead = i === first ? `=${text.startsWith("%") ? "[html]" : ""}` : `~${giftWeight(c.fraction)}`;
    return `\t${lead}${text}${giftFeedback(c.feedback)}`;
  });
}

function shortAnswers(answers: { text: string; fraction: number; feedback: string }[]) {
  return answers.map((a) => `\t=${giftWeight(a.fraction)}${giftPiece(a.text)}${giftFeedback(a.feedback)}`);
}

function numericAnswers(answers: Extract<Gap, { type: "numeric" }>["answers"]) {
  return answers.map((a) => `\t=${giftWeight(a.fraction)}${giftNumber(a)}${giftFeedback(a.feedback)}`);
}

function gap(q: QuestionContentOf<"fill_in_blanks">, notes: string[]): Answers {
  if (q.gaps.length !== 1) return { skipped: `It has ${q.gaps.length} blanks, and a GIFT question holds one at most` };
  const only = q.gaps[0]!;
  const [before = "", after = ""] = q.stem.split(`[[${only.id}]]`);
  if (after.trim() === "")
    return { skipped: "Its blank ends its text, and GIFT reads answers at the end as the whole question's" };
  if (only.weight !== 1) notes.push(`Its blank's weight ${only.weight} is not kept (one blank takes the whole mark)`);
  let lines: string[];
  if (only.type === "choice") {
    shuffleNote(only.shuffle, notes);
    lines = choiceLines(only.choices, true);
  } else if (only.type === "short_answer") {
    if (only.case_sensitive) return { skipped: "Its blank's answers are case-sensitive, which GIFT cannot say" };
    lines = shortAnswers(only.answers);
    if (lines.join("").includes("->")) return { skipped: SKIP_ARROW };
  } else {
    if (only.units.length) return { skipped: "Its blank takes units, which GIFT cannot hold" };
    lines = ["#", ...numericAnswers(only.answers)];
  }
  return { answers: lines.join("\n"), before, after, notes };
}

function answersOf(q: ExportableQuestion, notes: string[]): Answers {
  switch (q.type) {
    case "single_choice":
    case "multiple_response":
      shuffleNote(q.shuffle, notes);
      return { answers: choiceLines(q.choices, q.type === "single_choice").join("\n"), notes };
    case "true_false": {
      // {TRUE#feedback when answered wrong#feedback when answered right}
      const [wrong, right] = q.correct ? [q.feedback_false, q.feedback_true] : [q.feedback_true, q.feedback_false];
      return { answers: `\t${q.correct ? "TRUE" : "FALSE"}#${giftPiece(wrong)}#${giftPiece(right)}`, notes };
    }
    case "short_answer":
      if (q.case_sensitive) return { skipped: "Its answers are case-sensitive, which GIFT cannot say" };
      return arrowFree({ answers: shortAnswers(q.answers).join("\n"), notes });
    case "numeric":
      if (q.units.length) return { skipped: "It takes units, which GIFT cannot hold" };
      return { answers: ["#", ...numericAnswers(q.answers)].join("\n"), notes };
    case "matching":
      if (q.pairs.some((p) => p.prompt.includes("->")))
        return { skipped: "A pair's prompt holds '->', which GIFT reads as the arrow between the two sides" };
      shuffleNote(q.shuffle, notes);
      return {
        answers: [
          ...q.pairs.map((p) => `\t=${giftPiece(p.prompt)} -> ${giftPiece(p.answer)}`),
          ...q.distractors.map((d) => `\t= -> ${giftPiece(d)}`),
        ].join("\n"),
        notes,
      };
    case "ordering":
      return { skipped: "GIFT has no ordering questions" };
    case "fill_in_blanks":
      return gap(q, notes);
    case "essay":
      if (q.grading.method === "rubric") return { skipped: "It is graded along a rubric, which GIFT cannot hold" };
      if (q.grader_info) notes.push("Its information for graders is not kept: GIFT has none");
      if (q.min_words || q.max_words) notes.push("Its word limits are not kept: GIFT has none");
      return { answers: "", notes };
  }
}

function question(q: ExportableQuestion): WrittenQuestion {
  if (anyText(q, NOT_GIFT))
    return { skipped: "It holds a carriage return or a private-use character, which GIFT cannot carry" };
  const notes: string[] = [];
  if (q.default_mark !== 1) notes.push(`Its mark (${q.default_mark}) is not kept: a GIFT question is worth 1`);
  if (q.tags?.length) notes.push("Its tags are not kept: GIFT has none");
  const written = answersOf(q, notes);
  if ("skipped" in written) return { skipped: written.skipped };
  const general = q.general_feedback ? `\n\t####${escapeGift(q.general_feedback)}` : "";
  const stem = written.before ?? q.stem;
  const body = written.answers ? `{\n${written.answers}${general}\n}` : `{${general.trim()}}`;
  const after = written.after === undefined ? "" : escapeGift(written.after);
  return { text: `::${escapeGift(q.name)}::[html]${escapeGift(stem)}${body}${after}\n\n`, notes };
}

export const giftWriter: QuestionFileWriter = {
  head: (report: ExportReport) => {
    const lines = reportLines(report).map((l) => `// ${l.replace(/\s*\n\s*/g, " ")}`);
    return lines.length ? `${lines.join("\n")}\n\n` : "";
  },
  category: (path) =>
    `$CATEGORY: ${escapeGift(["$course$", "top", ...path.map((n) => n.replace(/\//g, "//"))].join("/"))}\n\n`,
  question,
  foot: () => "",
};
