"use client";

import { ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";
import { StyleCacheProvider } from "@/components/providers/style-cache";
import { useTenantBranding } from "@/components/shell/tenant-branding";
import { MODE_STORAGE_KEY } from "@/components/theme/color-scheme-script";
import { appTheme } from "@/components/theme/theme";

/**
 * What MUI components need around them: emotion's style cache (styles streamed with the page's CSP nonce)
 * and MUI's theme in the host organization's colour. The theme makes no stylesheet: its CSS variables and
 * MUI's baseline come from stylesheet files, an organization's own colour from the root layout
 * (branding-stylesheet.ts), and the light/dark class on <html> from the root layout's script, which this
 * provider reads back from the same storage key.
 */
export function AppProviders({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  const { primaryColor } = useTenantBranding();
  return (
    <StyleCacheProvider nonce={nonce}>
      <ThemeProvider
        theme={appTheme(primaryColor ?? undefined)}
        defaultMode="light"
        modeStorageKey={MODE_STORAGE_KEY}
        disableTransitionOnChange
        disableStyleSheetGeneration
      >
        {children}
      </ThemeProvider>
    </StyleCacheProvider>
  );
}
