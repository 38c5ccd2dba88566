import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";
import { StyleCacheProvider } from "@/components/providers/style-cache";

/**
 * What MUI components need around them: emotion's style cache (styles streamed with the page's CSP nonce)
 * and the theme. Only the layouts whose pages draw with MUI put it in place, so the pages drawn from CSS
 * modules alone (the learner's dashboard, the error and not-found pages) load no MUI and no emotion.
 */
export async function MuiProviders({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <StyleCacheProvider nonce={nonce}>
      <AppProviders>{children}</AppProviders>
    </StyleCacheProvider>
  );
}
