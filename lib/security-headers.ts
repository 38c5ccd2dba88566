// Every security header of the app, decided here and nowhere else. next.config.ts sends the static ones
// on every response Next serves; proxy.ts adds the pages' Content-Security-Policy with a fresh nonce per
// request; the SCORM commit fast path (scripts/lib/scorm-commit-fast-path.ts) sends the API's. Pure data
// and functions: next.config.ts and proxy.ts load it outside the app's bundle.

export type Header = { key: string; value: string };

/** On every response: no MIME sniffing, no full URLs leaked to other sites, no powerful features. */
export const COMMON_HEADERS: Header[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** JSON answers and stored files: nothing in them may run, and nobody may frame them. */
export const API_HEADERS: Header[] = [
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" },
  { key: "X-Frame-Options", value: "DENY" },
];

/**
 * SCORM package files (/uploads/scorm/…): authored content that runs its own inline scripts, eval and
 * CDN libraries, inside our player's frame and with same-origin access to its API. Only framing is
 * restricted: our own pages may frame it, nobody else.
 */
export const SCORM_CONTENT_HEADERS: Header[] = [
  { key: "Content-Security-Policy", value: "frame-ancestors 'self'" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
];

/** HSTS, sent only where the request came over HTTPS (a proxy in front says so with X-Forwarded-Proto). */
export const HSTS_HEADER: Header = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" };

/** Video lessons may embed these players (components/learning/video-source.ts). */
const VIDEO_EMBEDS = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * The pages' policy: scripts only with this response's nonce (Next puts it on its own scripts) and what
 * they load; styles inline (MUI's emotion and React style attributes); images and media also from
 * https (avatars given as URLs, video lessons by URL); frames from our own origin (the SCORM player)
 * and the video embeds; nobody may frame our pages.
 */
export function pageContentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    `frame-src 'self' ${VIDEO_EMBEDS.join(" ")}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

export const PAGE_HEADERS: Header[] = [{ key: "X-Frame-Options", value: "DENY" }];
