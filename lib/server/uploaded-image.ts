import sharp from "sharp";
import { AppError } from "@/lib/errors";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);

/**
 * An uploaded image's bytes after checking its size and its real type, read from the bytes rather than
 * the declared one. `field` names the form field in the error; `label` the thing in the message.
 */
export async function readUploadedImage(file: File, options: { maxBytes: number; field: string; label: string }): Promise<Buffer> {
  if (file.size > options.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The ${options.label} must be at most ${Math.round(options.maxBytes / 1024 / 1024)} MB`, {
      fieldErrors: { [options.field]: ["File too large"] },
    });
  }
  const input = Buffer.from(await file.arrayBuffer());
  const format = await sharp(input)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED.has(format)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The ${options.label} must be a JPEG, PNG, WebP or GIF image`, {
      fieldErrors: { [options.field]: ["Unsupported image type"] },
    });
  }
  return input;
}
