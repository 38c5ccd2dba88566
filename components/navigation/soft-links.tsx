"use client";

import { useEffect } from "react";
import { NavigationProgress } from "@/components/navigation/navigation-progress";
import { SOFT_LINK_ATTRIBUTE, softNavigation } from "@/components/navigation/soft-navigation";
import { useNavigation } from "@/components/navigation/use-navigation";

/**
 * Opens the pages our links point to in place, through the app router, as Next's Link does, with one
 * listener for the whole document instead of a client component per link (components/navigation/link.tsx
 * says why). Its listener is on the window, so a link's own click handler runs first and may cancel. The
 * page's progress bar is drawn here too, for these navigations and any other started with useNavigation.
 */
export function SoftLinks() {
  const router = useNavigation();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      const navigation = softNavigation(
        {
          button: event.button,
          modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
          defaultPrevented: event.defaultPrevented,
        },
        anchor instanceof HTMLAnchorElement
          ? {
              href: anchor.href,
              target: anchor.target,
              download: anchor.hasAttribute("download"),
              soft: anchor.hasAttribute(SOFT_LINK_ATTRIBUTE),
              replace: anchor.dataset.replace !== undefined,
              keepScroll: anchor.dataset.scroll === "false",
            }
          : null,
        window.location,
      );
      if (!navigation) return;
      event.preventDefault();
      const options = { scroll: navigation.scroll };
      if (navigation.replace) router.replace(navigation.href, options);
      else router.push(navigation.href, options);
    };
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [router]);
  return <NavigationProgress />;
}
