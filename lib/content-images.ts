import { publicUrl } from "@/lib/storage/keys";

// Where an image of rich text (lesson text, a question's stem, answers, feedback) is stored, and how its
// URL is recognised: `content-images/{organizationId}/{uuid}.webp`, served at /uploads/ to the
// organization's signed-in members only. The sanitizer keeps an <img> only when its src is exactly such
// a URL of the caller's own organization, so this pattern is the whole allow-list of images. Pure
// strings, so the editor in the browser recognises them too.

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const NAME = new RegExp(`^${UUID}\\.webp$`);

export const CONTENT_IMAGES_FOLDER = "content-images";

/** The storage key of a new content image of the organization (`id`: a fresh random UUID). */
export function contentImageKey(organizationId: string, id: string): string {
  return `${CONTENT_IMAGES_FOLDER}/${organizationId}/${id}.webp`;
}

/** Whether a stored file's name is one contentImageKey makes (the served route reads no other). */
export function isContentImageName(name: string): boolean {
  return NAME.test(name);
}

/**
 * Whether `src` has the shape of a content image's URL, of any organization: what the editor keeps of a
 * pasted text (the server still keeps only the organization's own).
 */
export function looksLikeContentImageUrl(src: string): boolean {
  return new RegExp(`^${publicUrl(`${CONTENT_IMAGES_FOLDER}/`)}${UUID}/${UUID}\\.webp$`).test(src);
}

/** Whether `src` is the URL of a content image of that organization, exactly as putObject answers it. */
export function isContentImageUrl(src: string, organizationId: string): boolean {
  const prefix = publicUrl(`${CONTENT_IMAGES_FOLDER}/${organizationId}/`);
  return src.startsWith(prefix) && isContentImageName(src.slice(prefix.length));
}
