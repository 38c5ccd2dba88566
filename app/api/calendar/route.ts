import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { calendarQuerySchema } from "@/lib/schemas/calendar";
import { queryObject } from "@/lib/schemas/pagination";
import { listCalendarItems } from "@/lib/server/calendar/calendar-items";

/** The caller's calendar between `from` and `to`, recurring events expanded. */
export const GET = handle("Failed to load the calendar", async (req) => {
  const caller = await requireCaller(req);
  return listCalendarItems(caller.ctx, parseInput(calendarQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
