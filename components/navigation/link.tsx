import type { AnchorHTMLAttributes, Ref } from "react";
import { SOFT_LINK_ATTRIBUTE } from "@/components/navigation/soft-navigation";

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** The page replaces the current entry of the browser's history. */
  replace?: boolean;
  /** False: the new page keeps the scroll position (a list's filter, a report's drill-down). */
  scroll?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the app: a plain anchor that the app router opens in place when clicked
 * (components/navigation/soft-links.tsx, one listener for the document). Next's Link is a client component
 * per link: a course outline or a page of course cards drew dozens, and each cost the server more than the
 * elements it wraps, on every request. The pages are rendered per caller, so Link's prefetch gained nothing
 * either (docs/architecture.md, "One read per page").
 */
export default function Link({ replace, scroll, ...props }: LinkProps) {
  return (
    <a
      {...{ [SOFT_LINK_ATTRIBUTE]: "" }}
      data-replace={replace ? "" : undefined}
      data-scroll={scroll === false ? "false" : undefined}
      {...props}
    />
  );
}
