/** A numeric response's text as its number and its unit, for a number field beside a unit select. */
export function splitNumeric(text: string, units: readonly string[]): { number: string; unit: string } {
  const trimmed = text.trim();
  const unit = [...units].sort((a, b) => b.length - a.length).find((u) => u && trimmed.endsWith(u));
  if (!unit) return { number: trimmed, unit: "" };
  return { number: trimmed.slice(0, -unit.length).trim(), unit };
}

/** The response's text: "150 cm", or the number alone. */
export function joinNumeric(number: string, unit: string): string {
  const n = number.trim();
  return unit ? `${n} ${unit}` : n;
}

export function wordCount(text: string): number {
  const words = text.trim().split(/\s+/u);
  return words[0] === "" ? 0 : words.length;
}
