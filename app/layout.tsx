import "@fontsource/roboto/300.css";
import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import "@fontsource/roboto/700.css";
import "@fontsource/roboto/400-italic.css";
import "@fontsource/roboto-mono/400.css";
import "@/components/theme/theme-variables.css";
import "@/components/theme/theme-baseline.css";
import InitColorSchemeScript from "@mui/material/InitColorSchemeScript";
import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";
import { StyleCacheProvider } from "@/components/providers/style-cache";
import { SuspendedNotice } from "@/components/shell/suspended-notice";
import { hostBranding } from "@/lib/server/organizations/host-branding";

// The icon comes from app/icon.svg (Next's file convention).
export const metadata: Metadata = {
  title: "Learning Management",
  description: "Courses, progress and messages for your organization.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The page's Content-Security-Policy nonce (proxy.ts): MUI's inline style and color-scheme scripts carry it.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // The host's organization brands every page (logo, colour, maintenance notices); a suspended one's
  // pages all say so instead of showing themselves.
  const { branding, suspended } = await hostBranding();
  return (
    // The init script sets the colour-scheme class on <html> before React hydrates, hence the warning
    // suppression. Its values must match components/theme/theme.ts (kept literal: that module builds the
    // theme with client-only MUI code, which a server component cannot import).
    <html lang="en" suppressHydrationWarning>
      <body>
        <InitColorSchemeScript attribute="class" defaultMode="light" modeStorageKey="mui-mode" nonce={nonce} />
        <StyleCacheProvider nonce={nonce}>
          <AppProviders branding={branding}>
            {suspended ? <SuspendedNotice organizationName={suspended.name} /> : children}
          </AppProviders>
        </StyleCacheProvider>
      </body>
    </html>
  );
}
