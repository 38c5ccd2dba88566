import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { addGroupMembersSchema, listGroupsQuerySchema } from "@/lib/schemas/groups";
import { queryObject } from "@/lib/schemas/pagination";
import { addGroupMembers } from "@/lib/server/groups/mutations";
import { listGroupMembers } from "@/lib/server/groups/queries";

type Params = { groupId: string };

export const GET = handle<Params>("Failed to list the group's members", async (req, { params }) => {
  const caller = await requireCaller(req);
  return listGroupMembers(caller.ctx, (await params).groupId, parseInput(listGroupsQuerySchema, queryObject(req.url)));
});

export const POST = handle<Params>("Failed to add members", async (req, { params }) => {
  const caller = await requireCaller(req);
  return addGroupMembers(caller.ctx, (await params).groupId, await readJson(req, addGroupMembersSchema));
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
