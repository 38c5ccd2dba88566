import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateCalendarSettingsSchema } from "@/lib/schemas/calendar";
import { getCalendarSettings, updateCalendarSettings } from "@/lib/server/calendar/settings";

export const GET = handle("Failed to load the calendar settings", async (req) => {
  const caller = await requireCaller(req);
  return getCalendarSettings(caller.ctx);
});

export const PATCH = handle("Failed to save the time zone", async (req) => {
  const caller = await requireCaller(req);
  return updateCalendarSettings(caller.ctx, await readJson(req, updateCalendarSettingsSchema));
});

export const { POST, PUT, DELETE } = notAllowedExcept("GET", "PATCH");
