"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { isApiError } from "@/lib/client/api";

/**
 * Runs one write for the learner's pages, then re-renders the server components (progress bars, sidebar
 * checks) with router.refresh(). Keeps the pending flag and the message to show when it fails.
 */
export function useCourseAction() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setPending(true);
    setError(null);
    try {
      await action();
      router.refresh();
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.message : "Something went wrong. Please try again.");
      return false;
    } finally {
      setPending(false);
    }
  }

  return { run, pending, error };
}
