import "server-only";
import { placeImages, type EmbeddedFile } from "@/lib/assessments/import/embedded-images";
import { AppError, validationError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";
import { checkContentImage, storeContentImage } from "@/lib/server/content-images/store-content-image";
import { cleanContent } from "@/lib/server/questions/questions";
import { contentImageKey } from "@/lib/content-images";
import { publicUrl } from "@/lib/storage/keys";

// One import item as creating its question would store it, for the dry run and the run alike: its
// embedded images checked (and, by the run, stored) as an upload's are, then its content cleaned and
// checked as POST …/questions does.

type Verdict = { content: QuestionContent } | { reason: string };

/**
 * The item's question as creating it would store it, or the reason the app refuses it. Its images are
 * checked as an upload is; `store` stores them and puts their URLs in its text, else (the dry run) URLs
 * of the same shape that name no file stand in for them, so the text is cleaned exactly as it will be.
 */
export async function preparedItem(
  item: { content: Prisma.JsonValue; images: Prisma.JsonValue },
  organizationId: string,
  store: boolean,
): Promise<Verdict> {
  const images = item.images as unknown as EmbeddedFile[];
  const urls = new Map<string, string>();
  for (const [i, image] of images.entries()) {
    let checked: Buffer;
    try {
      checked = await checkContentImage(Buffer.from(image.base64, "base64"));
    } catch (error) {
      if (error instanceof AppError) return { reason: `Its image '${image.key}' cannot be used: ${error.message}` };
      throw error;
    }
    urls.set(image.key, store ? await storeContentImage(organizationId, checked) : standIn(organizationId, i));
  }
  return cleaned(urls.size ? placeImages(item.content, urls) : item.content, organizationId);
}

/** A content image URL of the organization that names no stored file (the dry run's). */
const standIn = (organizationId: string, i: number) =>
  publicUrl(contentImageKey(organizationId, `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`));

function cleaned(content: Prisma.JsonValue, organizationId: string): Verdict {
  const parsed = questionContentSchema.safeParse(content);
  if (!parsed.success) return { reason: validationError(parsed.error).message };
  try {
    return { content: cleanContent(parsed.data, organizationId) };
  } catch (error) {
    if (error instanceof AppError) return { reason: error.message };
    throw error;
  }
}
