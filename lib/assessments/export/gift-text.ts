import { numberText, percentText } from "@/lib/assessments/export/numbers";

// Text inside a GIFT file as Moodle's GIFT import reads it: ~ = # { } : and the backslash are escaped with
// a backslash, a line break is written \n (a blank line would end the question).

export const escapeGift = (text: string): string => text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\n/g, "\\n");

/** What GIFT cannot carry: a carriage return (a line end), and the private characters its reader uses. */
export const NOT_GIFT = /[\r\uE000-\uE007]/;

/** A leading [html] and the like is read as the piece's format; such a piece gets an explicit [html]. */
const FORMAT_TAG = /^\s*\[(html|moodle|plain|markdown)\]/;
export const giftPiece = (text: string): string => (FORMAT_TAG.test(text) ? "[html]" : "") + escapeGift(text);

/** An answer's weight: `%50%`; a fully right answer of a question whose answers all start with = is `=`. */
export const giftWeight = (fraction: number): string => `%${percentText(fraction)}%`;

export const giftFeedback = (feedback: string): string => (feedback ? `#${giftPiece(feedback)}` : "");

/** A numeric answer's text: a value with its tolerance, a range, or * for any number. */
export function giftNumber(answer: { value?: number; tolerance?: number; min?: number; max?: number }): string {
  if (answer.value !== undefined)
    return answer.tolerance ? `${numberText(answer.value)}:${numberText(answer.tolerance)}` : numberText(answer.value);
  if (answer.min === -Number.MAX_VALUE && answer.max === Number.MAX_VALUE) return "*";
  return `${numberText(answer.min!)}..${numberText(answer.max!)}`;
}
