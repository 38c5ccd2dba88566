"use client";

import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";
import { appTheme, MODE_STORAGE_KEY } from "@/components/theme/theme";

/**
 * Client-side providers shared by every page. The first visit is light (not the OS preference) so the
 * server render and the first paint agree; InitColorSchemeScript in the root layout applies a stored
 * choice before paint.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme} defaultMode="light" modeStorageKey={MODE_STORAGE_KEY} disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
