"use client";

import { AppProviders } from "@/components/providers/app-providers";
import { ScormPlayer, type ScormPlayerProps } from "@/components/scorm/scorm-player";

/** The SCORM player with the MUI providers it draws with (the lesson page around it has none). */
export function ThemedScormPlayer({ launch, nonce }: ScormPlayerProps & { nonce: string | undefined }) {
  return (
    <AppProviders nonce={nonce}>
      <ScormPlayer launch={launch} />
    </AppProviders>
  );
}
