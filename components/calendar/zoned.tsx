"use client";

import type { ReactNode } from "react";
import { useIsHydrated } from "@/components/hooks/use-browser";
import { CenteredSpinner } from "@/components/ui/spinner";
import { systemTimeZone } from "@/lib/calendar/time-zones";

/**
 * Renders `children(zone)` with the person's zone: their profile's setting, else this browser's (known
 * only in the browser, so nothing zoned is rendered on the server).
 */
export function Zoned({
  savedTimeZone,
  children,
}: {
  savedTimeZone: string | null;
  children: (timeZone: string) => ReactNode;
}) {
  const hydrated = useIsHydrated();
  if (!hydrated) return <CenteredSpinner />;
  return children(savedTimeZone ?? systemTimeZone());
}
