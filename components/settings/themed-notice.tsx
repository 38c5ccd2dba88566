"use client";

import { Notice, type NoticeState } from "@/components/feedback/notice";
import { AppProviders } from "@/components/providers/app-providers";

/**
 * The settings' snackbar with the MUI providers it draws with: the General section around it has none. No
 * nonce: its styles are inserted in the browser, which the policy's style-src allows.
 */
export function ThemedNotice({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  return (
    <AppProviders nonce={undefined}>
      <Notice notice={notice} onClose={onClose} />
    </AppProviders>
  );
}
