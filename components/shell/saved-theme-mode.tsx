"use client";

import { useSavedThemeMode } from "@/components/shell/theme-mode";
import type { ThemeModeChoice } from "@/lib/schemas/auth";

/** Applies the account's saved light/dark choice once the page has hydrated (theme-mode.ts). */
export function SavedThemeMode({ saved }: { saved: ThemeModeChoice | null }) {
  useSavedThemeMode(saved);
  return null;
}
