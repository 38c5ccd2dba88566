"use client";

import { ErrorScreen } from "@/components/shell/error-screen";

// This boundary replaces everything under the root layout (the shell too), so it is the page's <main>.
export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorScreen message={error.message} onRetry={reset} />;
}
