"use client";

import { CalendarView } from "@/components/calendar/calendar-view";
import { Zoned } from "@/components/calendar/zoned";

/** The calendar in the person's zone: their profile's setting, else this browser's. */
export function CalendarPanel({ savedTimeZone }: { savedTimeZone: string | null }) {
  return (
    <Zoned savedTimeZone={savedTimeZone}>
      {(timeZone) => <CalendarView timeZone={timeZone} zoneIsOwnSetting={savedTimeZone !== null} />}
    </Zoned>
  );
}
