import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { listUsersQuerySchema } from "@/lib/schemas/users";
import { listAdminUsers } from "@/lib/server/users/queries";

/** Org admins and admins: the user administration's list (?q=&role=&status=&group_id=&sort=&order=&page=). */
export const GET = handle("Failed to list users", async (req) => {
  const caller = await requireCaller(req);
  return listAdminUsers(caller.ctx, parseInput(listUsersQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
