import { isAnyNumber, numberText, percentText, rangeAsTolerance } from "@/lib/assessments/export/numbers";
import { GAP_MARKER, type Gap } from "@/lib/schemas/question-types";
import type { QuestionContentOf } from "@/lib/schemas/questions";

// A fill-in-the-blanks question as Moodle's embedded answers (cloze): each [[id]] of the stem becomes
// {weight:TYPE:answers} in its place, e.g. {1:SHORTANSWER:=Paris#Right~%50%Lutetia#Its old name}.
// Every answer carries its weight (=, or %n% with %0% for none), so an answer starting with = or % keeps
// its text; } # ~ / " and \ are escaped with a backslash, as Moodle asks.

/** What Moodle's cloze reads as a gap; a stem holding one outside our gaps would gain a gap. */
const CLOZE_GAP = /\{(\d*):([A-Za-z_]+):((?:\\.|[^\\}])*)\}/;

const escapeCloze = (text: string) => text.replace(/[}#~/"\\]/g, (c) => `\\${c}`);

const weighted = (fraction: number) => (fraction === 1 ? "=" : `%${percentText(fraction)}%`);
const entry = (fraction: number, text: string, feedback: string) =>
  `${weighted(fraction)}${text}${feedback ? `#${escapeCloze(feedback)}` : ""}`;

type Written = { text: string; notes: string[] } | { skipped: string };

function gapText(gap: Gap, place: number, notes: string[]): string | { skipped: string } {
  if (!Number.isInteger(gap.weight))
    return { skipped: `Gap ${place}'s weight ${gap.weight} is not a whole number, which a cloze gap needs` };
  switch (gap.type) {
    case "short_answer": {
      const kind = gap.case_sensitive ? "SHORTANSWER_C" : "SHORTANSWER";
      const answers = gap.answers.map((a) => entry(a.fraction, escapeCloze(a.text), a.feedback));
      return `{${gap.weight}:${kind}:${answers.join("~")}}`;
    }
    case "choice": {
      const kind = gap.shuffle ? "MULTICHOICE_S" : "MULTICHOICE";
      const choices = gap.choices.map((c) => entry(c.fraction, escapeCloze(c.text), c.feedback));
      return `{${gap.weight}:${kind}:${choices.join("~")}}`;
    }
    case "numeric": {
      if (gap.units.length) return { skipped: `Gap ${place} takes units, which a cloze gap cannot hold` };
      const answers: string[] = [];
      for (const [i, a] of gap.answers.entries()) {
        let value = a.value;
        let tolerance = a.tolerance ?? 0;
        if (value === undefined && !isAnyNumber(a)) {
          const converted = rangeAsTolerance(a);
          if (!converted)
            return {
              skipped: `Gap ${place}'s answer ${i + 1} is the range ${a.min}..${a.max}, which a cloze gap cannot write exactly`,
            };
          ({ value, tolerance } = converted);
          notes.push(
            `Gap ${place}'s answer ${i + 1}, the range ${a.min}..${a.max}, is written as ${value} ± ${tolerance}`,
          );
        }
        const written = value === undefined ? "*" : `${numberText(value)}:${numberText(tolerance)}`;
        answers.push(entry(a.fraction, written, a.feedback));
      }
      return `{${gap.weight}:NUMERICAL:${answers.join("~")}}`;
    }
  }
}

/** The stem with each gap written in its marker's place. */
export function moodleCloze(q: QuestionContentOf<"fill_in_blanks">): Written {
  if (CLOZE_GAP.test(q.stem.replace(GAP_MARKER, "")))
    return { skipped: "Its text holds {n:TYPE:…} outside its gaps, which Moodle would read as another gap" };
  const notes: string[] = [];
  const byId = new Map(q.gaps.map((gap) => [gap.id, gap]));
  let refusal: string | null = null;
  let place = 0;
  const text = q.stem.replace(GAP_MARKER, (marker, id: string) => {
    const gap = byId.get(id);
    if (!gap || refusal) return marker;
    place += 1;
    const written = gapText(gap, place, notes);
    if (typeof written === "string") return written;
    refusal = written.skipped;
    return marker;
  });
  return refusal ? { skipped: refusal } : { text, notes };
}
