"use client";

import { useSyncExternalStore } from "react";

// Values that exist only in the browser, read without a hydration mismatch: the server render and the
// first client render see the fallback, later renders the real value.
const noSubscription = () => () => {};

/** False during the server render and hydration, true once React runs in the browser. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The page's origin in the browser; "" while rendering on the server, so avatar paths stay relative. */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
}
