"use client";

import { ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";
import { useTenantBranding } from "@/components/shell/tenant-branding";
import { MODE_STORAGE_KEY } from "@/components/theme/color-scheme-script";
import { appTheme } from "@/components/theme/theme";

/**
 * MUI's theme for the parts of a page drawn with MUI, in the host organization's colour. It makes no
 * stylesheet: the theme's CSS variables and MUI's baseline come from stylesheet files, an organization's
 * own colour from the root layout (branding-stylesheet.ts), and the light/dark class on <html> from the
 * root layout's script, which this provider reads back from the same storage key.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { primaryColor } = useTenantBranding();
  return (
    <ThemeProvider
      theme={appTheme(primaryColor ?? undefined)}
      defaultMode="light"
      modeStorageKey={MODE_STORAGE_KEY}
      disableTransitionOnChange
      disableStyleSheetGeneration
    >
      {children}
    </ThemeProvider>
  );
}
