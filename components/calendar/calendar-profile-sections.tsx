"use client";

import Alert from "@mui/material/Alert";
import Skeleton from "@mui/material/Skeleton";
import { IcalLinkSection } from "@/components/calendar/ical-link-section";
import { TimeZoneSection } from "@/components/calendar/time-zone-section";
import type { CalendarSettingsJson } from "@/components/calendar/types";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";

/** The calendar's sections of /profile: the time zone and the iCal link (organization members only). */
export function CalendarProfileSections() {
  const { data, error, mutate } = useApi<CalendarSettingsJson>("/api/calendar/settings");
  if (error) return <Alert severity="error">{failureMessage(error, "Failed to load the calendar settings")}</Alert>;
  // A span has no role that may carry a name: the placeholder is a status that says what loads.
  if (!data)
    return <Skeleton variant="rounded" height={160} role="status" aria-label="Loading the calendar settings" />;
  const saved = (settings: CalendarSettingsJson) => void mutate(settings, { revalidate: false });
  return (
    <>
      <TimeZoneSection settings={data} onSaved={saved} />
      <IcalLinkSection settings={data} onSaved={saved} />
    </>
  );
}
