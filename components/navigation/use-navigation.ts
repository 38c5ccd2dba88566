"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useSyncExternalStore, useTransition } from "react";

// Navigations under way anywhere in the page, for the one progress bar that shows them
// (./navigation-progress.tsx). Pages render whole on the server before they are sent (no loading
// boundary), so while the next one is on its way the current one stays, and this bar says so.
let underWay = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const count = (change: 1 | -1) => {
  underWay += change;
  listeners.forEach((listener) => listener());
};

type NavigateOptions = Parameters<ReturnType<typeof useRouter>["push"]>[1];

/** The app router's push and replace, as transitions that the page's progress bar shows until the new page is in. */
export function useNavigation() {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  useEffect(() => {
    if (!isPending) return;
    count(1);
    return () => count(-1);
  }, [isPending]);
  return useMemo(
    () => ({
      push: (href: string, options?: NavigateOptions) => startTransition(() => router.push(href, options)),
      replace: (href: string, options?: NavigateOptions) => startTransition(() => router.replace(href, options)),
    }),
    [router],
  );
}

/** Whether any navigation started through useNavigation is still under way. */
export function useNavigationUnderWay(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => underWay > 0,
    () => false,
  );
}
