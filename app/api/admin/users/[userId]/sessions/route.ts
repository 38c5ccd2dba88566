import { clientIp, handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { signOutUserEverywhere } from "@/lib/server/users/end-user-sessions";

/** "Sign out everywhere": every session of the user ends, on every device. */
export const DELETE = handle<{ userId: string }>("Failed to sign the user out", async (req, { params }) => {
  const caller = await requireCaller(req);
  return { ended: await signOutUserEverywhere(caller.ctx, (await params).userId, clientIp(req.headers)) };
});

export const { GET, POST, PUT, PATCH } = notAllowedExcept("DELETE");
