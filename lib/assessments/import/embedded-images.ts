import { IMAGE_SIGNATURE_BYTES, imageFormatOf } from "@/lib/image-format";

// Images in an imported question's text. Moodle XML embeds a question's files (<file name="x.png"
// path="/" encoding="base64">…</file>) and its text shows them as <img src="@@PLUGINFILE@@/x.png">. The
// parser keeps an image only when it is such a file and a JPEG, PNG, GIF or WebP: its src is rewritten
// to one spelling (embeddedSrc) and the file goes with the question, for the import's run to store and
// put the stored URL in its place (placeImages). Every other image (another address, a data: URL, a file
// the question does not hold, another type) and every other use of an embedded file (a link) refuses the
// question with its reason: nothing is dropped silently. Pure: the parser runs it, the run stores.

export const PLUGINFILE = "@@PLUGINFILE@@/";

/** A file of the question, by its path and name within the question ("x.png", "sub/x.png"), in base64. */
export interface EmbeddedFile {
  key: string;
  base64: string;
}

/** How a question's text refers to an embedded image once the parser has read it. */
export function embeddedSrc(key: string): string {
  return PLUGINFILE + key.split("/").map(encodeURIComponent).join("/");
}

class Refusal extends Error {}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeEntities = (value: string) =>
  value.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });

/** The src attribute of an <img> tag: its decoded value and where it lies in the tag. */
function srcOf(tag: string): { value: string; start: number; end: number } | null {
  // Unquoted, a value runs to the next space or the tag's end, as browsers read it ("x.png?time=1" included).
  const match = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
  if (!match) return null;
  const raw = match[1] ?? match[2] ?? match[3] ?? "";
  return { value: decodeEntities(raw).trim(), start: match.index, end: match.index + match[0].length };
}

/** The file a @@PLUGINFILE@@ reference names: its path, without a query or a fragment, percent-decoded. */
function keyOf(reference: string): string {
  const path = reference.slice(PLUGINFILE.length).replace(/[?#].*$/, "");
  try {
    return path.split("/").map(decodeURIComponent).join("/");
  } catch {
    return path;
  }
}

/** The type an embedded file's first bytes say it is, or null for anything but JPEG, PNG, GIF or WebP. */
function formatOf(base64: string) {
  const head = base64.slice(0, Math.ceil(IMAGE_SIGNATURE_BYTES / 3) * 4);
  try {
    return imageFormatOf(Uint8Array.from(atob(head), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Every string of a value (a question's fields, however nested), mapped. */
function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === "string") return map(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, map)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)])) as T;
  return value;
}

export type ResolvedImages<T> = { question: T; images: EmbeddedFile[]; notes: string[] } | { reason: string };

/**
 * The question with its images' srcs rewritten to embeddedSrc, the files they show, and a note for each
 * file that nothing shows; or the reason the question is refused.
 */
export function resolveImages<T>(question: T, files: readonly EmbeddedFile[]): ResolvedImages<T> {
  const byKey = new Map(files.map((f) => [f.key, f]));
  const shown = new Map<string, EmbeddedFile>();
  const image = (tag: string) => {
    const src = srcOf(tag);
    if (!src?.value) throw new Refusal("It has an image without a source (an <img> with no src)");
    if (!src.value.startsWith(PLUGINFILE)) {
      if (/^data:/i.test(src.value))
        throw new Refusal(
          "It shows an image written into its text (a data: URL), which is not imported: only images embedded as files are",
        );
      throw new Refusal(
        `It shows an image from another address (${src.value.slice(0, 200)}), which is not imported: only images embedded in the file are`,
      );
    }
    const key = keyOf(src.value);
    const file = byKey.get(key);
    if (!file) throw new Refusal(`It shows the image '${key}', but the file does not hold it`);
    if (!formatOf(file.base64))
      throw new Refusal(`Its image '${key}' is not a JPEG, PNG, GIF or WebP image, the only types shown here`);
    shown.set(key, file);
    return `${tag.slice(0, src.start)} src="${embeddedSrc(key)}"${tag.slice(src.end)}`;
  };
  const rewrite = (text: string) => {
    const rewritten = text.replace(/<img\b[^>]*>/gi, image);
    const left = rewritten.replace(/ src="@@PLUGINFILE@@\/[^"]*"/g, "");
    const reference = /@@PLUGINFILE@@\/[^\s"'<>]*/.exec(left);
    if (reference)
      throw new Refusal(
        `It links to the embedded file '${keyOf(reference[0])}', which is not imported: only images shown in its text are`,
      );
    return rewritten;
  };
  try {
    const rewritten = mapStrings(question, rewrite);
    const notes = files
      .filter((f) => !shown.has(f.key))
      .map((f) => `Its embedded file '${f.key}' is not shown in its text and is not kept`);
    return { question: rewritten, images: [...shown.values()], notes };
  } catch (error) {
    if (error instanceof Refusal) return { reason: error.message };
    throw error;
  }
}

/** The question with each embedded image's src replaced by the URL it was stored at (`urls` by key). */
export function placeImages<T>(question: T, urls: ReadonlyMap<string, string>): T {
  return mapStrings(question, (text) =>
    [...urls].reduce((t, [key, url]) => t.replaceAll(` src="${embeddedSrc(key)}"`, ` src="${url}"`), text),
  );
}
