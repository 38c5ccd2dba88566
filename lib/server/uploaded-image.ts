import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import { imageFormatOf } from "@/lib/image-format";

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
 * the declared one: the signature (lib/image-format.ts: an SVG, a PDF or anything else is refused without
 * being parsed), then sharp must read the same format. Callers re-encode it with
 * sharp, so what is stored and served is always a raster image of ours.
 */
export async function readUploadedImage(file: File, maxBytes: number, field: string): Promise<Buffer> {
  checkSize(file.size, maxBytes, field);
  return checkImageBytes(Buffer.from(await file.arrayBuffer()), maxBytes, field);
}

/** readUploadedImage's checks, for bytes that did not come as an upload (an image embedded in an imported file). */
export async function checkImageBytes(input: Buffer, maxBytes: number, field: string): Promise<Buffer> {
  checkSize(input.length, maxBytes, field);
  const signed = imageFormatOf(input);
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
