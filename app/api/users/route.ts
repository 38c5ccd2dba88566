import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { listUserDirectoryQuerySchema } from "@/lib/schemas/users";
import { listUserDirectory } from "@/lib/server/users/queries";

/** Staff only: the organization's active users for pickers (?role=learner|instructor|org_admin|admin|staff&q=&page=). */
export const GET = handle("Failed to list users", async (req) => {
  const caller = await requireCaller(req);
  return listUserDirectory(caller.ctx, parseInput(listUserDirectoryQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
