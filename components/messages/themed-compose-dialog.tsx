"use client";

import { ComposeDialog } from "@/components/messages/compose-dialog";
import { AppProviders } from "@/components/providers/app-providers";

/**
 * The compose dialog with the MUI providers it draws with: the inbox around it has none. No nonce: its
 * styles are inserted in the browser, which the policy's style-src allows.
 */
export function ThemedComposeDialog({ onClose }: { onClose: () => void }) {
  return (
    <AppProviders nonce={undefined}>
      <ComposeDialog onClose={onClose} />
    </AppProviders>
  );
}
