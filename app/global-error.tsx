"use client";

import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import "@/components/theme/theme-variables.css";
import "@/components/theme/theme-baseline.css";
import { ErrorScreen } from "@/components/shell/error-screen";

// Replaces the root layout when it fails itself, so it brings its own document and stylesheets. It runs
// without the colour-scheme script (an inline script would need the nonce only the root layout reads):
// the page is light.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en" className="light">
      <body>
        <ErrorScreen message={error.message} onRetry={reset} />
      </body>
    </html>
  );
}
