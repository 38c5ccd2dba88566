import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { woffToSfnt } from "@/lib/server/certificates/pdf/woff";

// The fonts a certificate is drawn with: Noto Sans (Latin with its diacritics, Greek, Cyrillic), Noto Sans
// Arabic and Noto Sans SC (Chinese, and Japanese kana), as the @fontsource packages ship them: each family cut
// into faces by Unicode range, named in the package's CSS. A character is drawn by the first face whose
// range holds it, so a document embeds only the faces its text uses, and of each only the glyphs it uses.

const FAMILIES = ["noto-sans", "noto-sans-arabic", "noto-sans-sc"] as const;
/** The face whose shaper lays its text out right to left. */
const ARABIC_FACE = "noto-sans-arabic-arabic-400-normal";

export interface FontFace {
  /** The file's name without extension: the font's name in a document. */
  name: string;
  file: string;
  ranges: [number, number][];
}

let faces: FontFace[] | undefined;
const loaded = new Map<string, fontkit.Font>();

function fontsourceDir(family: string): string {
  // Read at run time from the installed package, not traced into the build (the packages hold 13,000 files).
  return path.join(/* turbopackIgnore: true */ process.cwd(), "node_modules", "@fontsource", family);
}

/** Parses `src: url(./files/x.woff2) …, url(./files/x.woff) …; unicode-range: U+0000-00FF, U+0131;` blocks. */
export function parseFontFaces(css: string, dir: string): FontFace[] {
  const found: FontFace[] = [];
  for (const block of css.split("@font-face").slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(",").map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
      const start = parseInt(from ?? "0", 16);
      return [start, to === undefined ? start : parseInt(to, 16)];
    });
    found.push({ name: file.replace(/\.woff$/, ""), file: path.join(dir, "files", file), ranges });
  }
  return found;
}

export function fontFaces(): FontFace[] {
  faces ??= FAMILIES.flatMap((family) => {
    const dir = fontsourceDir(family);
    return parseFontFaces(readFileSync(path.join(dir, "400.css"), "utf8"), dir);
  });
  return faces;
}

const FALLBACK = "noto-sans-latin-400-normal";

/** The face that draws a character (the Latin face for one no face has: it draws the missing-glyph box). */
export function faceNameFor(codePoint: number): string {
  const face = fontFaces().find((f) => f.ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
  return face?.name ?? FALLBACK;
}

export function shapesRightToLeft(name: string): boolean {
  return name === ARABIC_FACE;
}

/** A face, read and parsed once per process (its glyph tables are decoded as documents first use them). */
export function loadFace(name: string): fontkit.Font {
  const cached = loaded.get(name);
  if (cached) return cached;
  const face = fontFaces().find((f) => f.name === name);
  if (!face) throw new Error(`No font face named ${name}`);
  const font = fontkit.create(woffToSfnt(readFileSync(face.file)));
  if (!("layout" in font)) throw new Error(`${face.file} is a font collection, not a font`);
  loaded.set(name, font);
  return font;
}
