import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { createGroupSchema, listGroupsQuerySchema } from "@/lib/schemas/groups";
import { queryObject } from "@/lib/schemas/pagination";
import { createGroup } from "@/lib/server/groups/mutations";
import { listGroups } from "@/lib/server/groups/queries";

/** The spec's call: `{ groups: [...] }` (the client shows 'Error fetching groups' when it fails). */
export const GET = handle("Error fetching groups", async (req) => {
  const caller = await requireCaller(req);
  return listGroups(caller.ctx, parseInput(listGroupsQuerySchema, queryObject(req.url)));
});

export const POST = handle("Failed to create the group", async (req) => {
  const caller = await requireCaller(req);
  return Response.json(await createGroup(caller.ctx, await readJson(req, createGroupSchema)), { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
