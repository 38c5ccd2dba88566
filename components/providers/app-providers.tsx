"use client";

import { ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";
import { TenantBrandingProvider } from "@/components/shell/tenant-branding";
import type { TenantBranding } from "@/lib/tenancy/branding";
import { appTheme, MODE_STORAGE_KEY } from "@/components/theme/theme";

/**
 * Client-side providers shared by every page: the host organization's branding and its theme. The first
 * visit is light (not the OS preference) so the server render and the first paint agree;
 * InitColorSchemeScript in the root layout applies a stored choice before paint. The default theme's CSS
 * variables and MUI's baseline come from stylesheets of their own (the root layout's); an organization's own
 * colour has its variables made by the provider, inlined after that stylesheet, so they win.
 */
export function AppProviders({ branding, children }: { branding: TenantBranding; children: ReactNode }) {
  const theme = appTheme(branding.primaryColor ?? undefined);
  return (
    <TenantBrandingProvider value={branding}>
      <ThemeProvider
        theme={theme}
        defaultMode="light"
        modeStorageKey={MODE_STORAGE_KEY}
        disableTransitionOnChange
        disableStyleSheetGeneration={!branding.primaryColor}
      >
        {children}
      </ThemeProvider>
    </TenantBrandingProvider>
  );
}
