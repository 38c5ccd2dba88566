"use client";

import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import Box from "@mui/material/Box";
import InitColorSchemeScript from "@mui/material/InitColorSchemeScript";
import { AppProviders } from "@/components/providers/app-providers";
import { ErrorScreen } from "@/components/shell/error-screen";
import { NO_BRANDING } from "@/lib/tenancy/branding";

// Replaces the root layout when it fails itself, so it brings its own document, theme and mode.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        <InitColorSchemeScript attribute="class" defaultMode="light" modeStorageKey="mui-mode" />
        <AppProviders branding={NO_BRANDING}>
          <Box component="main">
            <ErrorScreen message={error.message} onRetry={reset} />
          </Box>
        </AppProviders>
      </body>
    </html>
  );
}
