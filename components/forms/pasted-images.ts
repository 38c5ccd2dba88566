import { looksLikeContentImageUrl } from "@/lib/content-images";

// What the rich text editor does with images that arrive by paste or drop. The server keeps an image
// only when it is one of the organization's uploaded content images, so an image of a pasted page
// (another site's address, a data: URL) would vanish on save without a word: it is left out at the paste
// and the person is told, and an image file goes through Insert image, which asks what it shows.

export const CONTENT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** The pasted HTML without the images the text could not keep, and how many those were. */
export function withoutForeignImages(html: string, imagesAllowed: boolean): { html: string; removed: number } {
  const doc = new DOMParser().parseFromString(html, "text/html");
  let removed = 0;
  for (const img of Array.from(doc.querySelectorAll("img"))) {
    if (imagesAllowed && looksLikeContentImageUrl(img.getAttribute("src") ?? "")) continue;
    img.remove();
    removed += 1;
  }
  return removed === 0 ? { html, removed } : { html: doc.body.innerHTML, removed };
}

export function foreignImagesNotice(removed: number, imagesAllowed: boolean): string {
  const what = removed === 1 ? "An image" : `${removed} images`;
  return imagesAllowed
    ? `${what} from elsewhere ${removed === 1 ? "was" : "were"} left out: only images uploaded here are kept. Save ${removed === 1 ? "it" : "them"} to your computer, then use Insert image.`
    : `${what} ${removed === 1 ? "was" : "were"} left out: this text cannot show images.`;
}

/** The first image file of a paste or drop, if any. */
export function imageFileOf(data: DataTransfer | null): File | null {
  return Array.from(data?.files ?? []).find((file) => file.type.startsWith("image/")) ?? null;
}
