"use client";

import { useColorScheme } from "@mui/material/styles";
import { useCallback, useEffect, useRef } from "react";
import { updateProfile } from "@/lib/client/spec-calls";
import type { ThemeModeChoice } from "@/lib/schemas/auth";

/**
 * Light or dark, chosen in the top bar or the profile: applied at once (MUI keeps it under `mui-mode`
 * in this browser) and saved with the account. The promise settles with the save.
 */
export function useThemeChoice(): {
  current: ThemeModeChoice;
  known: boolean;
  choose: (next: ThemeModeChoice) => Promise<unknown>;
} {
  const { mode, systemMode, setMode } = useColorScheme();
  // `mode` is undefined in the server's HTML and until the provider has read localStorage after hydration.
  const known = mode !== undefined;
  const current = (mode === "system" ? systemMode : mode) === "dark" ? "dark" : "light";
  const choose = useCallback(
    (next: ThemeModeChoice) => {
      setMode(next);
      return updateProfile({ theme_mode: next });
    },
    [setMode],
  );
  return { current, known, choose };
}

/**
 * The account's saved choice wins over this browser's when a page of the app loads (another device may
 * have changed it); a choice made here afterwards is not undone.
 */
export function useSavedThemeMode(saved: ThemeModeChoice | null): void {
  const { mode, setMode } = useColorScheme();
  const applied = useRef<ThemeModeChoice | null>(null);
  useEffect(() => {
    // `mode` is undefined until the provider has read localStorage after hydration.
    if (!saved || mode === undefined || applied.current === saved) return;
    applied.current = saved;
    if (mode !== saved) setMode(saved);
  }, [saved, mode, setMode]);
}
