import { sessionClearCookies } from "@/lib/auth/session-cookie";
import { clientIp, handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { revokeOwnSession } from "@/lib/server/sessions/own-sessions";

/** Signs one of the caller's sessions out; signing out the one asking is a logout, so its cookie goes too. */
export const DELETE = handle<{ sessionId: string }>("Failed to sign out the session", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { sessionId } = await params;
  await revokeOwnSession(caller, sessionId, clientIp(req.headers));
  const headers = new Headers({ "cache-control": "no-store" });
  if (sessionId === caller.sessionId) for (const cookie of sessionClearCookies()) headers.append("set-cookie", cookie);
  return Response.json({ ended: 1, current: sessionId === caller.sessionId }, { headers });
});

export const { GET, POST, PUT, PATCH } = notAllowedExcept("DELETE");
