import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { bulkUserActionSchema } from "@/lib/schemas/users";
import { bulkUserAction } from "@/lib/server/users/bulk";

/** One action on many users: deactivate, reactivate, add to a group, enroll in a course. */
export const POST = handle("Failed to apply the action", async (req) => {
  const caller = await requireCaller(req);
  return bulkUserAction(caller.ctx, await readJson(req, bulkUserActionSchema));
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
