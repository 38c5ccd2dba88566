// How the player shows a video lesson's URL: our own uploads and direct media files play in <video>
// (so the page can follow the position); YouTube and Vimeo pages embed in an iframe; anything else is a
// link; other schemes are not shown at all. Pure, so it is unit-tested.

export type VideoSource = { kind: "file" | "embed" | "link"; src: string } | { kind: "none" };

const MEDIA_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;

export function videoSource(url: string): VideoSource {
  if (url.startsWith("/")) return { kind: "file", src: url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: "none" };
  }
  // Only web addresses become links or frames: a javascript: URL must never reach an href.
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return { kind: "none" };
  if (MEDIA_FILE.test(parsed.pathname)) return { kind: "file", src: url };
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  const youtubeId =
    host === "youtu.be"
      ? parsed.pathname.slice(1)
      : host === "youtube.com"
        ? (parsed.searchParams.get("v") ?? embedId(parsed.pathname))
        : null;
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId))
    return { kind: "embed", src: `https://www.youtube-nocookie.com/embed/${youtubeId}` };
  const vimeoId = host === "vimeo.com" ? parsed.pathname.split("/").filter(Boolean)[0] : null;
  if (vimeoId && /^\d+$/.test(vimeoId)) return { kind: "embed", src: `https://player.vimeo.com/video/${vimeoId}` };
  return { kind: "link", src: url };
}

function embedId(pathname: string): string | null {
  const match = /^\/(?:embed|shorts)\/([\w-]+)/.exec(pathname);
  return match?.[1] ?? null;
}
