// Numbers as the question files write them. A fraction is written as a percentage by moving the decimal
// point in its shortest decimal text, the inverse of the import's fractionFromPercent, so 0.3333333 is
// "33.33333" and reads back as the same number (0.3333333 * 100 would be 33.333330000000004).

/** The shortest decimal text of a finite number without an exponent ("1e-7" → "0.0000001"). */
export function plainDecimal(value: number): string {
  const [mantissa = "0", exponentText = "0"] = String(value).split("e");
  const exponent = Number(exponentText);
  if (exponent === 0) return mantissa;
  const negative = mantissa.startsWith("-");
  const [whole = "", decimals = ""] = mantissa.replace("-", "").split(".");
  const digits = whole + decimals;
  const point = whole.length + exponent;
  const text =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + "0".repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? "-" : "") + text;
}

/** A fraction of the mark (1, 0.5, -0.3333333) as the percentage the files hold ("100", "50", "-33.33333"). */
export function percentText(fraction: number): string {
  const text = plainDecimal(fraction);
  const negative = text.startsWith("-");
  const [whole = "0", decimals = ""] = text.replace("-", "").split(".");
  const padded = decimals.padEnd(2, "0");
  const integer = (whole + padded.slice(0, 2)).replace(/^0+(?=\d)/, "");
  const rest = padded.slice(2).replace(/0+$/, "");
  const out = rest ? `${integer}.${rest}` : integer;
  return negative && out !== "0" ? `-${out}` : out;
}

/** A value as the import's parseNumber reads it back ("1.5", "-2e+21"). */
export const numberText = (value: number): string => String(value);

/** Moodle's "any other answer" of a numerical question, as the import writes it: every number. */
export const isAnyNumber = (answer: { min?: number; max?: number }): boolean =>
  answer.min === -Number.MAX_VALUE && answer.max === Number.MAX_VALUE;

export interface NumericAnswerLike {
  value?: number;
  tolerance?: number;
  min?: number;
  max?: number;
}

/**
 * A range answer as a value with a tolerance, where the two mean exactly the same numbers (the middle and
 * the half-width give min and max back); null where floating point would move an end.
 */
export function rangeAsTolerance(answer: NumericAnswerLike): { value: number; tolerance: number } | null {
  if (answer.min === undefined || answer.max === undefined) return null;
  const value = answer.min + (answer.max - answer.min) / 2;
  const tolerance = (answer.max - answer.min) / 2;
  if (!Number.isFinite(value) || !Number.isFinite(tolerance)) return null;
  return value - tolerance === answer.min && value + tolerance === answer.max ? { value, tolerance } : null;
}
