import { clientIp, handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { listOwnSessions, revokeOtherOwnSessions } from "@/lib/server/sessions/own-sessions";

/** My Profile's "Active sessions": the caller's own, the one asking marked `current`. */
export const GET = handle("Failed to fetch sessions", async (req) => {
  const caller = await requireCaller(req);
  return { sessions: await listOwnSessions(caller) };
});

/** "Sign out of all other sessions": every session of the caller but this one ends. */
export const DELETE = handle("Failed to sign out the other sessions", async (req) => {
  const caller = await requireCaller(req);
  return { ended: await revokeOtherOwnSessions(caller, clientIp(req.headers)) };
});

export const { POST, PUT, PATCH } = notAllowedExcept("GET", "DELETE");
