// Which clicks on our links the app router takes over (components/navigation/soft-links.tsx), as Next's
// Link decides for its own: a plain left click on a link of ours to another page of this origin. Anything
// else (a new tab, a download, another host, a jump within the page) is left to the browser.

/** The attribute `components/navigation/link.tsx` puts on every link it draws. */
export const SOFT_LINK_ATTRIBUTE = "data-soft-link";

export interface ClickFacts {
  button: number;
  modified: boolean;
  defaultPrevented: boolean;
}

export interface AnchorFacts {
  /** The resolved address (an anchor's `href` property). */
  href: string;
  target: string;
  download: boolean;
  soft: boolean;
  /** `data-replace`: the page replaces the current entry of the history. */
  replace: boolean;
  /** `data-scroll="false"`: the new page keeps the scroll position. */
  keepScroll: boolean;
}

export interface SoftNavigation {
  href: string;
  replace: boolean;
  scroll: boolean;
}

export function softNavigation(
  click: ClickFacts,
  anchor: AnchorFacts | null,
  here: { origin: string; pathname: string; search: string },
): SoftNavigation | null {
  if (!anchor?.soft || click.defaultPrevented || click.button !== 0 || click.modified) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.download) return null;
  let url: URL;
  try {
    url = new URL(anchor.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  // A fragment of the page on screen: the browser scrolls to it.
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return { href: `${url.pathname}${url.search}${url.hash}`, replace: anchor.replace, scroll: !anchor.keepScroll };
}
