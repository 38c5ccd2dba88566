"use client";

import { AppProviders } from "@/components/providers/app-providers";
import { StyleCacheProvider } from "@/components/providers/style-cache";
import { ScormPlayer, type ScormPlayerProps } from "@/components/scorm/scorm-player";

/** The SCORM player with the MUI providers it draws with (the lesson page around it has none). */
export function ThemedScormPlayer({ launch, nonce }: ScormPlayerProps & { nonce: string | undefined }) {
  return (
    <StyleCacheProvider nonce={nonce}>
      <AppProviders>
        <ScormPlayer launch={launch} />
      </AppProviders>
    </StyleCacheProvider>
  );
}
