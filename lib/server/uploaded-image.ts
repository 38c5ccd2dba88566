import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/errors";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);

/** An upload larger than allowed is a 413 naming the limit; `field` is the form field (and the thing named). */
function checkUploadSize(file: File, maxBytes: number, field: string): void {
  if (file.size > maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The ${field} must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`, {
      fieldErrors: { [field]: ["File too large"] },
    });
  }
}

/**
 * An uploaded image's bytes after checking its size and its real type, read from the bytes rather than
 * the declared one. `field` names the form field in the error and the thing in the message.
 */
export async function readUploadedImage(file: File, maxBytes: number, field: string): Promise<Buffer> {
  checkUploadSize(file, maxBytes, field);
  const input = Buffer.from(await file.arrayBuffer());
  const format = await sharp(input)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED.has(format)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The ${field} must be a JPEG, PNG, WebP or GIF image`, {
      fieldErrors: { [field]: ["Unsupported image type"] },
    });
  }
  return input;
}
