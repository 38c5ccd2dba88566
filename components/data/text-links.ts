import { find } from "linkifyjs";

// Plain text with its web and e-mail addresses found (linkifyjs, the matcher the rich-text editor's
// autolink uses), for showing user-written text with clickable links and nothing else: no HTML is ever
// interpreted, the text is rendered as text.

export interface TextPart {
  text: string;
  /** Set on links: an http(s) or mailto address, never another scheme. */
  href?: string;
}

const SAFE_SCHEME = /^(https?:\/\/|mailto:)/i;

export function splitTextLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const link of find(text, { defaultProtocol: "https" })) {
    if (!SAFE_SCHEME.test(link.href)) continue;
    if (link.start > at) parts.push({ text: text.slice(at, link.start) });
    parts.push({ text: link.value, href: link.href });
    at = link.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
