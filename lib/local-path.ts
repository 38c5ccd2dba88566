// Where a link from the address bar (a sign-in's callbackUrl) may send the browser: a path of this site
// only. "/\evil.example" and "/\t/evil.example" start with a slash yet lead to another host (browsers
// read a backslash as a slash and drop tabs), so the address is resolved the way a browser resolves it
// and the path it resolved to is what is used.

const BASE = "http://this-site.invalid";

/** `url` as a path of this site ("/courses?page=2#top"), or `fallback` for anything that would leave it. */
export function localPath(url: string | null | undefined, fallback: string): string {
  if (!url || !url.startsWith("/")) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(url, BASE);
  } catch {
    return fallback;
  }
  return parsed.origin === BASE ? `${parsed.pathname}${parsed.search}${parsed.hash}` : fallback;
}
