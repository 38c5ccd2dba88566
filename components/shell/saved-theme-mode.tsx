"use client";

import { useSavedColorScheme } from "@/components/theme/color-scheme";
import type { ThemeModeChoice } from "@/lib/schemas/auth";

/** Applies the account's saved light/dark choice once the page has hydrated (color-scheme.ts). */
export function SavedThemeMode({ saved }: { saved: ThemeModeChoice | null }) {
  useSavedColorScheme(saved);
  return null;
}
