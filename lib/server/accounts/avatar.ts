import "server-only";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { env } from "@/lib/env";
import { readUploadedImage } from "@/lib/server/uploaded-image";
import { putObject } from "@/lib/storage/store";
import type { TenantContext } from "@/lib/tenancy/context";

/** Checks an uploaded avatar, resizes it to a 256 px square WebP and stores it. Returns the served URL. */
export async function storeAvatar(ctx: TenantContext, file: File): Promise<string> {
  const input = await readUploadedImage(file, env.AVATAR_MAX_BYTES, "avatar");
  const output = await sharp(input, { animated: false })
    .rotate()
    .resize(256, 256, { fit: "cover" })
    .webp({ quality: 85 })
    .toBuffer();
  return putObject(`avatars/${ctx.organizationId ?? "platform"}/${ctx.userId}-${randomUUID()}.webp`, output);
}
