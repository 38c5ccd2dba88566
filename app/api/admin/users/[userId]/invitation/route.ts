import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { inviteUser } from "@/lib/server/users/invite-user";

/** Sends the set-password invitation again (someone who has never signed in); the earlier link stops working. */
export const POST = handle<{ userId: string }>("Failed to send the invitation", async (req, { params }) => {
  const caller = await requireCaller(req);
  return inviteUser(caller.ctx, (await params).userId, { origin: new URL(req.url).origin });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
