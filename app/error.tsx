"use client";

import Box from "@mui/material/Box";
import { ErrorScreen } from "@/components/shell/error-screen";

// This boundary replaces everything under the root layout (the shell too), so it is the page's <main>.
export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Box component="main">
      <ErrorScreen message={error.message} onRetry={reset} />
    </Box>
  );
}
