import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { createFeedLink, revokeFeedLink } from "@/lib/server/calendar/settings";

/** A new secret link for the caller's iCal feed (the previous one stops working). */
export const POST = handle("Failed to create the calendar link", async (req) => {
  const caller = await requireCaller(req);
  return Response.json(await createFeedLink(caller.ctx), { status: 201 });
});

export const DELETE = handle("Failed to revoke the calendar link", async (req) => {
  const caller = await requireCaller(req);
  return revokeFeedLink(caller.ctx);
});

export const { GET, PUT, PATCH } = notAllowedExcept("POST", "DELETE");
