import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateGroupSchema } from "@/lib/schemas/groups";
import { deleteGroup, updateGroup } from "@/lib/server/groups/mutations";
import { getGroup } from "@/lib/server/groups/queries";

type Params = { groupId: string };

export const GET = handle<Params>("Failed to load the group", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getGroup(caller.ctx, (await params).groupId);
});

export const PATCH = handle<Params>("Failed to update the group", async (req, { params }) => {
  const caller = await requireCaller(req);
  return updateGroup(caller.ctx, (await params).groupId, await readJson(req, updateGroupSchema));
});

export const DELETE = handle<Params>("Failed to delete the group", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteGroup(caller.ctx, (await params).groupId);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = notAllowedExcept("GET", "PATCH", "DELETE");
