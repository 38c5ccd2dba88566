import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/errors";

/**
 * The image types we accept, recognised by their first bytes before any decoder sees them: an SVG (an
 * XML document that may carry script), a PDF or anything else is refused without being parsed.
 */
const SIGNATURES: { format: string; matches: (b: Buffer) => boolean }[] = [
  { format: "jpeg", matches: (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    format: "png",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { format: "gif", matches: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1")) },
  {
    format: "webp",
    matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** Bytes larger than allowed are a 413 naming the limit; `field` is the form field (and the thing named). */
function checkSize(size: number, maxBytes: number, field: string): void {
  if (size > maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The ${field} must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`, {
      fieldErrors: { [field]: ["File too large"] },
    });
  }
}

/**
 * An uploaded image's bytes after checking its size and its real type, read from the bytes rather than
 * the declared one: the signature, then sharp must read the same format. Callers re-encode it with
 * sharp, so what is stored and served is always a raster image of ours.
 */
export async function readUploadedImage(file: File, maxBytes: number, field: string): Promise<Buffer> {
  checkSize(file.size, maxBytes, field);
  return checkImageBytes(Buffer.from(await file.arrayBuffer()), maxBytes, field);
}

/** readUploadedImage's checks, for bytes that did not come as an upload (an image embedded in an imported file). */
export async function checkImageBytes(input: Buffer, maxBytes: number, field: string): Promise<Buffer> {
  checkSize(input.length, maxBytes, field);
  const signed = SIGNATURES.find((s) => s.matches(input))?.format;
  const format = signed
    ? await sharp(input)
        .metadata()
        .then((m) => m.format)
        .catch(() => undefined)
    : undefined;
  if (!format || format !== signed) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The ${field} must be a JPEG, PNG, WebP or GIF image`, {
      fieldErrors: { [field]: ["Unsupported image type"] },
    });
  }
  return input;
}
