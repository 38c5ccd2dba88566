"use client";

import { useCallback } from "react";
import { applyColorScheme, useColorScheme } from "@/components/theme/color-scheme";
import { updateProfile } from "@/lib/client/spec-calls";
import type { ThemeModeChoice } from "@/lib/schemas/auth";

/**
 * Light or dark, chosen in the top bar or the profile: applied at once (kept in this browser) and saved
 * with the account. The promise settles with the save.
 */
export function useThemeChoice(): {
  current: ThemeModeChoice;
  known: boolean;
  choose: (next: ThemeModeChoice) => Promise<unknown>;
} {
  const scheme = useColorScheme();
  const choose = useCallback((next: ThemeModeChoice) => {
    applyColorScheme(next);
    return updateProfile({ theme_mode: next });
  }, []);
  return { current: scheme ?? "light", known: scheme !== null, choose };
}
