// Every security header of the app, decided here and nowhere else. next.config.ts sends the static ones
// on every response Next serves; proxy.ts adds the pages' Content-Security-Policy with a fresh nonce per
// request; the content host's routes add theirs (they depend on the organization); the SCORM commit fast
// path (server/scorm-commit-fast-path.ts) sends the API's; the routes that serve a user's stored
// files send storedFileHeaders. Pure data and functions: next.config.ts and proxy.ts load it outside the
// app's bundle.

export type Header = { key: string; value: string };

/** On every response: no MIME sniffing, no full URLs leaked to other sites, no powerful features. */
export const COMMON_HEADERS: Header[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** JSON answers and stored files: nothing in them may run, and nobody may frame them. */
export const API_HEADERS: Header[] = [
  {
    key: "Content-Security-Policy",
    value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  },
  { key: "X-Frame-Options", value: "DENY" },
];

/**
 * A SCORM package's files, on the organization's content host: authored content that runs its own inline
 * scripts, eval and CDN libraries, so only framing is restricted: the runtime page beside it (its own
 * origin) and the organization's lesson page above that. No session ever reaches this host, so what the
 * content can do is limited to its own origin (docs/scorm-player.md).
 */
export function scormContentHeaders(appOrigin: string): Header[] {
  return [{ key: "Content-Security-Policy", value: `frame-ancestors 'self' ${appOrigin}` }];
}

/**
 * The runtime page on the content host: our script only, the package's files in its frame, commits to
 * its own origin; framed by the organization's lesson page and nothing else.
 */
export function scormRuntimeHeaders(appOrigin: string): Header[] {
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "frame-src 'self'",
    "connect-src 'self'",
    `frame-ancestors ${appOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  return [
    { key: "Content-Security-Policy", value: policy },
    { key: "Cache-Control", value: "no-store" },
  ];
}

/**
 * Types a browser shows as a picture, a sound, a video or a PDF, never as a page that runs script: a
 * user's stored file of one of these may be shown inline. SVG is not among them (opened on its own, it
 * is a document that runs its scripts), nor HTML, XML or anything else.
 */
const INLINE_FILE_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "video/mp4",
  "video/webm",
  "video/ogg",
  "audio/mpeg",
  "audio/mp4",
  "audio/ogg",
  "audio/wav",
  "audio/webm",
  "application/pdf",
]);

/**
 * `attachment` with a file's name, whatever the name holds: plain printable ASCII as a quoted string;
 * anything else (non-ASCII, quotes, backslashes, percent signs, control characters) as RFC 5987 UTF-8
 * after a quoted fallback with those characters replaced. No name can break out of the header.
 */
export function attachmentDisposition(fileName: string): string {
  const name = fileName || "download";
  if (/^[\x20-\x7e]+$/.test(name) && !/["\\%]/.test(name)) return `attachment; filename="${name}"`;
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name.toWellFormed()).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers of a user's stored file served from our origin (avatars, logos, thumbnails, lesson files):
 * the one place that decides how such bytes go out. A type of INLINE_FILE_TYPES is shown inline under
 * its own type, unless `download` asks for a download; anything else is sent as
 * application/octet-stream and `attachment`, so an uploaded HTML, SVG or XML file is saved, never
 * rendered as a page of ours. nosniff keeps the browser to that type, and the API's policy (nothing may
 * run, nobody may frame it) comes with the file itself, wherever its route lives.
 */
export function storedFileHeaders(file: {
  contentType: string;
  fileName?: string | null;
  download?: boolean;
}): Header[] {
  const type = (file.contentType.split(";")[0] ?? "").trim().toLowerCase();
  const inline = !file.download && INLINE_FILE_TYPES.has(type);
  return [
    { key: "Content-Type", value: inline ? type : "application/octet-stream" },
    { key: "Content-Disposition", value: inline ? "inline" : attachmentDisposition(file.fileName ?? "download") },
    { key: "X-Content-Type-Options", value: "nosniff" },
    ...API_HEADERS,
  ];
}

/** HSTS, sent only where the request came over HTTPS (a proxy in front says so with X-Forwarded-Proto). */
export const HSTS_HEADER: Header = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" };

/** Video lessons may embed these players (components/learning/video-source.ts). */
const VIDEO_EMBEDS = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * The pages' policy: scripts only with this response's nonce (Next puts it on its own scripts) and what
 * they load; styles inline (MUI's emotion and React style attributes); images and media also from
 * https (avatars given as URLs, video lessons by URL); frames only from the organization's content host
 * (`contentOrigin`: the SCORM runtime; none on the apex) and the video embeds; nobody may frame our pages.
 */
export function pageContentSecurityPolicy(nonce: string, dev: boolean, contentOrigin: string | null): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    `frame-src ${[contentOrigin, ...VIDEO_EMBEDS].filter(Boolean).join(" ")}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

export const PAGE_HEADERS: Header[] = [{ key: "X-Frame-Options", value: "DENY" }];
