import { ANY_NUMBER } from "@/lib/assessments/import/cloze";
import { QuestionRefused } from "@/lib/assessments/import/result";
import { defaultName, fractionFromPercent, parseNumber } from "@/lib/assessments/import/text";
import type { QuestionContentInput } from "@/lib/schemas/questions";

// The answers of a GIFT question ({…}), read as Moodle reads them, into the create schema's input. The
// type is told as Moodle tells it: nothing is an essay, a leading # numerical, a ~ multiple choice, = with
// -> matching, T/TRUE/F/FALSE true/false, anything else short answer. A question with text after its
// answers is Moodle's "missing word": its answers stand for a blank in the sentence. Where a gap of ours
// has the same meaning (one right choice, a short answer, a number) it becomes a fill_in_blanks question
// with that gap; otherwise the question keeps its type with "_____" in the text, as Moodle shows it.

/** A question's text split around its answers, with the conversions its format asks for. */
export interface GiftQuestion {
  name: string;
  index: number;
  /** Between the braces, without the general feedback; escapes still set aside. */
  answers: string;
  isMissingWord: boolean;
  /** The text, with `blank` where the answers were when text follows them. */
  stem(blank: string): string;
  generalFeedback: string;
  /** A piece of rich text (a choice, a feedback): its own [format] or the question's. */
  html(piece: string): string;
  /** A piece of plain text (a short answer, a matching answer). */
  plain(piece: string): string;
}

type Input = QuestionContentInput;
type Common = Pick<Input, "name" | "stem" | "general_feedback">;

const BLANK = "_____";
const GAP = "[[g1]]";
const WEIGHT = /^%(-?\d+(?:\.\d*)?)%/;

interface Answer {
  text: string;
  fraction: number;
  feedback: string;
}

/** `%50%text#feedback`, `=text`, `~text`: the weight (or `fallback`), the text and the feedback. */
function answerOf(raw: string, fallback: number, q: GiftQuestion): Answer {
  let rest = raw.trim();
  let fraction = fallback;
  const weight = WEIGHT.exec(rest);
  if (weight) {
    fraction = fractionFromPercent(weight[1]!) ?? fallback;
    rest = rest.slice(weight[0].length);
  }
  const hash = rest.indexOf("#");
  const text = hash < 0 ? rest : rest.slice(0, hash);
  const feedback = hash < 0 ? "" : rest.slice(hash + 1);
  return { text, fraction, feedback: q.html(feedback) };
}

/** Splits on `separator`, dropping the empty piece before the first one, as Moodle does. */
function pieces(answers: string, separator: string): string[] {
  const parts = answers.split(separator).map((p) => p.trim());
  if (parts[0] === "") parts.shift();
  return parts;
}

function common(q: GiftQuestion, stem: string): Common {
  return { name: q.name || defaultName(stem, `Question ${q.index}`), stem, general_feedback: q.generalFeedback };
}

function multipleChoice(q: GiftQuestion): Input {
  const single = q.answers.includes("=");
  const answers = pieces(q.answers.replace(/=/g, "~="), "~").map((piece) =>
    piece.startsWith("=") ? { ...answerOf(piece.slice(1), 1, q), fraction: 1 } : answerOf(piece, 0, q),
  );
  if (single && q.isMissingWord) {
    const choices = answers.map((a) => ({ text: q.plain(a.text), fraction: a.fraction, feedback: a.feedback }));
    return { ...common(q, q.stem(GAP)), type: "fill_in_blanks", gaps: [{ id: "g1", type: "choice", choices }] };
  }
  const choices = answers.map((a) => ({ text: q.html(a.text), fraction: a.fraction, feedback: a.feedback }));
  return { ...common(q, q.stem(BLANK)), type: single ? "single_choice" : "multiple_response", choices };
}

function matching(q: GiftQuestion): Input {
  const pairs: { prompt: string; answer: string }[] = [];
  const distractors: string[] = [];
  pieces(q.answers, "=").forEach((piece, i) => {
    const arrow = piece.indexOf("->");
    if (arrow < 0) throw new QuestionRefused(`Pair ${i + 1} ('${q.plain(piece)}') has no '->' between its two sides`);
    const prompt = q.html(piece.slice(0, arrow));
    const answer = q.plain(piece.slice(arrow + 2));
    if (prompt === "") distractors.push(answer);
    else pairs.push({ prompt, answer });
  });
  return { ...common(q, q.stem(BLANK)), type: "matching", pairs, distractors };
}

/** {TRUE#feedback when answered wrong#feedback when answered right}, as Moodle writes it. */
function trueFalse(q: GiftQuestion): Input {
  const [value = "", wrong = "", right = ""] = q.answers.split("#");
  const correct = value.trim() === "T" || value.trim() === "TRUE";
  return {
    ...common(q, q.stem(BLANK)),
    type: "true_false",
    correct,
    feedback_true: q.html(correct ? right : wrong),
    feedback_false: q.html(correct ? wrong : right),
  };
}

function shortAnswer(q: GiftQuestion): Input {
  const answers = pieces(q.answers, "=").map((piece) => {
    const answer = answerOf(piece, 1, q);
    return { ...answer, text: q.plain(answer.text) };
  });
  if (q.isMissingWord)
    return { ...common(q, q.stem(GAP)), type: "fill_in_blanks", gaps: [{ id: "g1", type: "short_answer", answers }] };
  return { ...common(q, q.stem(BLANK)), type: "short_answer", answers };
}

/** `1.5:0.1` (a value and its tolerance), `1..2` (a range), `1.5`, or `*` (any number). */
function numericAnswer({ text, fraction, feedback }: Answer, q: GiftQuestion, place: number) {
  const written = q.plain(text);
  if (written === "*") return { ...ANY_NUMBER, fraction, feedback };
  const range = written.indexOf("..");
  const colon = written.indexOf(":");
  const numbers =
    range > 0
      ? [written.slice(0, range), written.slice(range + 2)]
      : colon > 0
        ? [written.slice(0, colon), written.slice(colon + 1)]
        : [written, "0"];
  const [first, second] = numbers.map(parseNumber);
  if (first === null || second === null || first === undefined || second === undefined)
    throw new QuestionRefused(`Answer ${place} ('${written}') is not a number, a number:tolerance or a min..max range`);
  if (range > 0) return { min: first, max: second, fraction, feedback };
  return { value: first, tolerance: Math.abs(second), fraction, feedback };
}

/** {#…}: answers separated by =, each with a weight (100% if none); ~#feedback is for any other number. */
function numeric(q: GiftQuestion): Input {
  let body = q.answers.slice(1);
  let otherwise: string | null = null;
  const tilde = body.indexOf("~");
  if (tilde >= 0) {
    otherwise = body.slice(tilde + 1);
    body = body.slice(0, tilde);
  }
  const answers = pieces(body, "=").map((piece, i) => numericAnswer(answerOf(piece, 1, q), q, i + 1));
  if (!answers.length) throw new QuestionRefused("Its numerical answer is missing: write {#1.5:0.1} or {#1..2}");
  if (otherwise !== null) {
    const hash = otherwise.indexOf("#");
    answers.push({ ...ANY_NUMBER, fraction: 0, feedback: q.html(hash < 0 ? "" : otherwise.slice(hash + 1)) });
  }
  if (q.isMissingWord)
    return { ...common(q, q.stem(GAP)), type: "fill_in_blanks", gaps: [{ id: "g1", type: "numeric", answers }] };
  return { ...common(q, q.stem(BLANK)), type: "numeric", answers };
}

export function giftAnswers(q: GiftQuestion): Input {
  const { answers } = q;
  if (answers === "") return { ...common(q, q.stem(BLANK)), type: "essay" };
  if (answers.startsWith("#")) return numeric(q);
  if (answers.includes("~")) return multipleChoice(q);
  if (answers.includes("=") && answers.includes("->")) return matching(q);
  const hash = answers.indexOf("#");
  const value = (hash > 0 ? answers.slice(0, hash) : answers).trim();
  if (["T", "TRUE", "F", "FALSE"].includes(value)) return trueFalse(q);
  return shortAnswer(q);
}
