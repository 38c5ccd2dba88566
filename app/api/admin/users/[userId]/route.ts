import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getAdminUser } from "@/lib/server/users/detail";

/** A user of the organization, as the edit page shows them. */
export const GET = handle<{ userId: string }>("Failed to load the user", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getAdminUser(caller.ctx, (await params).userId);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
