import bidiFactory from "bidi-js";

// A line of text as the pieces a PDF draws from left to right: the Unicode bidirectional algorithm
// (bidi-js) decides the visual order, and each piece uses one font. The font's shaper (fontkit) joins
// Arabic letters and lays a right-to-left script out right to left by itself, so such a piece is handed
// over in logical order; every other piece is handed over already in visual order.

const bidi = bidiFactory();

export interface TextRun {
  text: string;
  font: string;
}

export interface RunFonts {
  /** The font that draws this character. */
  fontOf(codePoint: number): string;
  /** Whether the font's shaper reverses its own text (a right-to-left script). */
  shapesRightToLeft(font: string): boolean;
}

export function visualRuns(text: string, fonts: RunFonts): TextRun[] {
  if (text === "") return [];
  const levels = bidi.getEmbeddingLevels(text);
  const order = Array.from({ length: text.length }, (_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, levels)) {
    const flipped = order.slice(start, end + 1).reverse();
    order.splice(start, flipped.length, ...flipped);
  }
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);

  const runs: { indices: number[]; font: string; rtl: boolean }[] = [];
  for (const index of order) {
    // The second half of a surrogate pair travels with its first.
    if (isLowSurrogate(text.charCodeAt(index)) && index > 0 && isHighSurrogate(text.charCodeAt(index - 1))) continue;
    const font = fonts.fontOf(text.codePointAt(index) ?? 0);
    const rtl = (levels.levels[index] ?? 0) % 2 === 1;
    const last = runs[runs.length - 1];
    if (last && last.font === font && last.rtl === rtl) last.indices.push(index);
    else runs.push({ indices: [index], font, rtl });
  }
  return runs.map(({ indices, font, rtl }) => {
    const logical = rtl && fonts.shapesRightToLeft(font) ? [...indices].reverse() : indices;
    const chars = logical.map((i) => {
      const code = text.codePointAt(i) ?? 0;
      return mirrored.get(i) ?? String.fromCodePoint(code);
    });
    return { text: chars.join(""), font };
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
