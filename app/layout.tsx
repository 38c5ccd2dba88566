import "@fontsource/roboto/300.css";
import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import "@fontsource/roboto/700.css";
import "@fontsource/roboto/400-italic.css";
import "@fontsource/roboto-mono/400.css";
import "@/components/theme/theme-variables.css";
import "@/components/theme/theme-baseline.css";
import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { SoftLinks } from "@/components/navigation/soft-links";
import { SuspendedNotice } from "@/components/shell/suspended-notice";
import { TenantBrandingProvider } from "@/components/shell/tenant-branding";
import { brandingStylesheet } from "@/components/theme/branding-stylesheet";
import { ColorSchemeScript } from "@/components/theme/color-scheme-script";
import { hostBranding } from "@/lib/server/organizations/host-branding";

// The icon comes from app/icon.svg (Next's file convention).
export const metadata: Metadata = {
  title: "Learning Management",
  description: "Courses, progress and messages for your organization.",
};

/**
 * The document every page shares. It holds no MUI: the theme is CSS variables in stylesheet files, and
 * the layouts whose pages draw with MUI add its providers themselves (MuiProviders).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  // The page's Content-Security-Policy nonce (proxy.ts): the inline colour-scheme script and styles carry it.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // The host's organization brands every page (logo, colour, maintenance notices); a suspended one's
  // pages all say so instead of showing themselves.
  const { branding, suspended } = await hostBranding();
  return (
    // The script sets the colour-scheme class on <html> before React hydrates, hence the warning suppression.
    <html lang="en" suppressHydrationWarning>
      <body>
        <ColorSchemeScript nonce={nonce} />
        <SoftLinks />
        {branding.primaryColor && (
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: brandingStylesheet(branding.primaryColor) }} />
        )}
        <TenantBrandingProvider value={branding}>
          {suspended ? <SuspendedNotice organizationName={suspended.name} /> : children}
        </TenantBrandingProvider>
      </body>
    </html>
  );
}
