"use client";

import { useEffect } from "react";

/** What the browser and the in-app guard ask before edits are dropped. */
export const UNSAVED_CHANGES_MESSAGE = "You have unsaved changes. Leave this page and lose them?";

/**
 * While `dirty`, leaving the page asks first: a reload, closing the tab or typing an address get the
 * browser's own question (beforeunload); a click on one of the app's links, which the App Router turns
 * into a navigation no event can veto, is caught before the router sees it and confirmed.
 * `onDirtyChange` tells a form's container too (false again when the form goes away), for the switches
 * within the page that no link click covers.
 */
export function useUnsavedChanges(dirty: boolean, onDirtyChange?: (dirty: boolean) => void): void {
  useEffect(() => {
    if (!onDirtyChange) return;
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin === window.location.origin && to.pathname === window.location.pathname) return;
      if (window.confirm(UNSAVED_CHANGES_MESSAGE)) {
        // Asked once is enough: a link that loads a whole page must not ask again on unload.
        window.removeEventListener("beforeunload", beforeUnload);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("beforeunload", beforeUnload);
    // Capture, so the question comes before Next's link handler starts the navigation.
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [dirty]);
}
