import "server-only";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { env } from "@/lib/env";
import { checkImageBytes } from "@/lib/server/uploaded-image";
import { contentImageKey } from "@/lib/content-images";
import { putObject } from "@/lib/storage/store";

// The one way an image of rich text is stored, whether uploaded from the editor or embedded in an
// imported question: checked as every upload is, re-encoded (so what is served is a raster image of
// ours, without its metadata), under a new key of the organization (served URLs never change).

/** Wide enough for a full-width picture on a large screen; a larger one is scaled down, a smaller one kept. */
export const CONTENT_IMAGE_MAX_WIDTH = 1600;

/** The image's bytes if they are a JPEG, PNG, WebP or GIF within CONTENT_IMAGE_MAX_BYTES; else 413 or 415. */
export function checkContentImage(bytes: Buffer): Promise<Buffer> {
  return checkImageBytes(bytes, env.CONTENT_IMAGE_MAX_BYTES, "image");
}

/** Stores checked bytes (checkContentImage) as a WebP and answers its URL. */
export async function storeContentImage(organizationId: string, checked: Buffer): Promise<string> {
  const output = await sharp(checked, { animated: false })
    .rotate()
    .resize({ width: CONTENT_IMAGE_MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  return putObject(contentImageKey(organizationId, randomUUID()), output);
}
