// The image types the app accepts (uploads and imported files alike), recognised by their first bytes
// before any decoder sees them: an SVG (an XML document that may carry script), a PDF or anything else
// is none of them. Pure, so the question file parser reads an embedded file's type with the same rule.

export type ImageFormat = "jpeg" | "png" | "gif" | "webp";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

const SIGNATURES: { format: ImageFormat; matches: (b: Uint8Array) => boolean }[] = [
  { format: "jpeg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { format: "png", matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { format: "gif", matches: (b) => /^GIF8[79]a$/.test(ascii(b, 0, 6)) },
  { format: "webp", matches: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
];

/** The bytes needed to tell every accepted type. */
export const IMAGE_SIGNATURE_BYTES = 12;

/** The type the bytes start as, or null for anything that is not an accepted image. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  return SIGNATURES.find((s) => s.matches(bytes))?.format ?? null;
}
