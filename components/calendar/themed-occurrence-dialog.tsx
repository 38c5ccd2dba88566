"use client";

import { OccurrenceDialog } from "@/components/calendar/occurrence-dialog";
import type { CalendarItemJson } from "@/components/calendar/types";
import { AppProviders } from "@/components/providers/app-providers";

/**
 * An occurrence's dialog with the MUI providers it draws with: the calendar around it has none. No nonce:
 * its styles are inserted in the browser, which the policy's style-src allows.
 */
export function ThemedOccurrenceDialog(props: { item: CalendarItemJson; timeZone: string; onClose: () => void }) {
  return (
    <AppProviders nonce={undefined}>
      <OccurrenceDialog {...props} />
    </AppProviders>
  );
}
