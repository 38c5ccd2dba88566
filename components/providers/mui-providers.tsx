import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";

/**
 * MUI's providers (AppProviders) with the page's CSP nonce. Only the layouts whose pages draw with MUI put
 * them in place, so the pages drawn from CSS modules alone (the learner's dashboard, course and lesson
 * pages, the error and not-found pages) load no MUI and no emotion.
 */
export async function MuiProviders({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <AppProviders nonce={nonce}>{children}</AppProviders>;
}
