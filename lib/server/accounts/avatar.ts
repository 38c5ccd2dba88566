import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { putObject } from "@/lib/storage/local-storage";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);

/**
 * Checks an uploaded avatar (size, and the real image type read from its bytes, not the declared one),
 * resizes it to a 256 px square WebP and stores it. Returns the served URL.
 */
export async function storeAvatar(organizationId: string | null, userId: string, file: File): Promise<string> {
  if (file.size > env.AVATAR_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The avatar must be at most ${Math.round(env.AVATAR_MAX_BYTES / 1024 / 1024)} MB`, { fieldErrors: { avatar: ["File too large"] } });
  }
  const input = Buffer.from(await file.arrayBuffer());
  const format = await sharp(input)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED.has(format)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The avatar must be a JPEG, PNG, WebP or GIF image", { fieldErrors: { avatar: ["Unsupported image type"] } });
  }
  const output = await sharp(input, { animated: false }).rotate().resize(256, 256, { fit: "cover" }).webp({ quality: 85 }).toBuffer();
  return putObject(`avatars/${organizationId ?? "platform"}/${userId}-${randomUUID()}.webp`, output);
}
