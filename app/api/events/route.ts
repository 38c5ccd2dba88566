import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { createEventSchema, listEventsQuerySchema } from "@/lib/schemas/calendar";
import { queryObject } from "@/lib/schemas/pagination";
import { createEvent } from "@/lib/server/events/mutations";
import { listEvents } from "@/lib/server/events/queries";

export const GET = handle("Failed to load events", async (req) => {
  const caller = await requireCaller(req);
  return listEvents(caller.ctx, parseInput(listEventsQuerySchema, queryObject(req.url)));
});

export const POST = handle("Failed to create the event", async (req) => {
  const caller = await requireCaller(req);
  return Response.json(await createEvent(caller.ctx, await readJson(req, createEventSchema)), { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
