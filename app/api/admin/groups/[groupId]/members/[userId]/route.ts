import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { removeGroupMember } from "@/lib/server/groups/mutations";

type Params = { groupId: string; userId: string };

export const DELETE = handle<Params>("Failed to remove the member", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { groupId, userId } = await params;
  await removeGroupMember(caller.ctx, groupId, userId);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH } = notAllowedExcept("DELETE");
