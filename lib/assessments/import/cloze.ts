import { QuestionRefused } from "@/lib/assessments/import/result";
import { fractionFromPercent, parseNumber } from "@/lib/assessments/import/text";
import type { QuestionContentInput } from "@/lib/schemas/questions";

// Moodle's embedded answers (cloze, "multianswer"): gaps written in the question's text as
// {weight:TYPE:answers}, e.g. {1:SHORTANSWER:=Paris#Right~%50%Lutetia#Its old name}. Each gap becomes a
// fill_in_blanks gap where one of ours has its meaning; a question with any other gap is refused whole.

type FillInBlanks = Extract<QuestionContentInput, { type: "fill_in_blanks" }>;
type GapInput = FillInBlanks["gaps"][number];

/** Moodle's "any other answer" ("*") of a numerical answer: every number, the fraction and feedback it gives. */
export const ANY_NUMBER = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE } as const;

const GAP = /\{(\d*):([A-Za-z_]+):((?:\\.|[^\\}])*)\}/g;

const SHORT = ["SHORTANSWER", "SA", "MW"];
const SHORT_CASE = ["SHORTANSWER_C", "SAC", "MWC"];
const NUMERIC = ["NUMERICAL", "NM"];
const CHOICE = ["MULTICHOICE", "MC", "MULTICHOICE_V", "MCV", "MULTICHOICE_H", "MCH"];
const CHOICE_SHUFFLED = ["MULTICHOICE_S", "MCS", "MULTICHOICE_VS", "MCVS", "MULTICHOICE_HS", "MCHS"];

interface ClozeAnswer {
  text: string;
  fraction: number;
  feedback: string;
}

/** Splits on an unescaped separator. */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length) {
      current += char + text[i + 1];
      i++;
    } else if (char === separator) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts;
}

const unescape = (text: string) => text.replace(/\\(.)/g, "$1");

function clozeAnswers(raw: string, gapNumber: number): ClozeAnswer[] {
  return splitUnescaped(raw, "~")
    .filter((part) => part.trim() !== "")
    .map((part) => {
      let rest = part.trim();
      let fraction = 0;
      if (rest.startsWith("=")) {
        fraction = 1;
        rest = rest.slice(1);
      } else {
        const weight = /^%(-?[\d.]+)%/.exec(rest);
        if (weight) {
          const parsed = fractionFromPercent(weight[1]!);
          if (parsed === null) throw new QuestionRefused(`Gap ${gapNumber}: the weight %${weight[1]}% is not a number`);
          fraction = parsed;
          rest = rest.slice(weight[0].length);
        }
      }
      const [text = "", ...feedback] = splitUnescaped(rest, "#");
      return { text: unescape(text).trim(), fraction, feedback: unescape(feedback.join("#")).trim() };
    });
}

function numericGap(id: string, weight: number, answers: ClozeAnswer[], gapNumber: number): GapInput {
  return {
    id,
    type: "numeric",
    weight,
    answers: answers.map(({ text, fraction, feedback }) => {
      if (text === "*") return { ...ANY_NUMBER, fraction, feedback };
      const [valueText = "", toleranceText] = text.split(":");
      const value = parseNumber(valueText);
      const tolerance = toleranceText === undefined ? 0 : parseNumber(toleranceText);
      if (value === null || tolerance === null)
        throw new QuestionRefused(`Gap ${gapNumber}: the numerical answer '${text}' is not a number with a tolerance`);
      return { value, tolerance: Math.abs(tolerance), fraction, feedback };
    }),
  };
}

/** The gap's type as Moodle names it, mapped, or the reason it cannot be. */
function gapOf(id: string, kind: string, weight: number, answers: ClozeAnswer[], gapNumber: number): GapInput {
  if (SHORT.includes(kind) || SHORT_CASE.includes(kind))
    return {
      id,
      type: "short_answer",
      weight,
      case_sensitive: SHORT_CASE.includes(kind),
      answers: answers.map(({ text, fraction, feedback }) => ({ text, fraction, feedback })),
    };
  if (NUMERIC.includes(kind)) return numericGap(id, weight, answers, gapNumber);
  if (CHOICE.includes(kind) || CHOICE_SHUFFLED.includes(kind))
    return {
      id,
      type: "choice",
      weight,
      shuffle: CHOICE_SHUFFLED.includes(kind),
      choices: answers.map(({ text, fraction, feedback }) => ({ text, fraction, feedback })),
    };
  if (/^(MULTIRESPONSE|MR)/.test(kind))
    throw new QuestionRefused(
      `Gap ${gapNumber} is of type ${kind} (several answers in one gap), which is not supported: a gap here takes one answer`,
    );
  throw new QuestionRefused(`Gap ${gapNumber} is of type ${kind}, which is not a Moodle embedded-answer type`);
}

/** The stem with [[g1]], [[g2]]… in place of the gaps, and the gaps. */
export function parseCloze(html: string): { stem: string; gaps: GapInput[] } {
  const gaps: GapInput[] = [];
  const stem = html.replace(GAP, (_whole, weightText: string, kindText: string, answersText: string) => {
    const gapNumber = gaps.length + 1;
    const id = `g${gapNumber}`;
    const weight = weightText === "" ? 1 : Number(weightText);
    if (weight <= 0) throw new QuestionRefused(`Gap ${gapNumber} has a weight of 0, which a gap here cannot have`);
    gaps.push(gapOf(id, kindText.toUpperCase(), weight, clozeAnswers(answersText, gapNumber), gapNumber));
    return `[[${id}]]`;
  });
  if (!gaps.length) throw new QuestionRefused("Its text has no embedded answers ({1:SHORTANSWER:=…})");
  return { stem, gaps };
}
