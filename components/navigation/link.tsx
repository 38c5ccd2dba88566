import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * Next's Link, prefetching only when a link asks for it. Every page of the app is rendered per request (its
 * organization, its caller), so a prefetch brings the route's tree and never its content, while each link in
 * view sent the server a request for it: opening the dashboard sent a dozen (the navigation's entries, the
 * cards, the lesson to resume), more than the page itself cost. A click fetches the page as before.
 */
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
