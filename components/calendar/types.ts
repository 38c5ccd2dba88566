export type { CalendarItemJson } from "@/lib/server/calendar/calendar-items";
export type { CalendarSettingsJson } from "@/lib/server/calendar/settings";
export type { EventJson } from "@/lib/server/events/json";
