import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateEventSchema } from "@/lib/schemas/calendar";
import { deleteEvent, updateEvent } from "@/lib/server/events/mutations";
import { getEvent } from "@/lib/server/events/queries";

type Params = { eventId: string };

export const GET = handle<Params>("Failed to load the event", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getEvent(caller.ctx, (await params).eventId);
});

export const PATCH = handle<Params>("Failed to update the event", async (req, { params }) => {
  const caller = await requireCaller(req);
  return updateEvent(caller.ctx, (await params).eventId, await readJson(req, updateEventSchema));
});

export const DELETE = handle<Params>("Failed to delete the event", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteEvent(caller.ctx, (await params).eventId);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = notAllowedExcept("GET", "PATCH", "DELETE");
