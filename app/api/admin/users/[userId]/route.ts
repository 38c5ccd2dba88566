import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateUserSchema } from "@/lib/schemas/users";
import { deleteUser } from "@/lib/server/users/delete-user";
import { getAdminUser } from "@/lib/server/users/detail";
import { updateUser } from "@/lib/server/users/update-user";

type Params = { userId: string };

/** A user of the organization, as the edit page shows them. */
export const GET = handle<Params>("Failed to load the user", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getAdminUser(caller.ctx, (await params).userId);
});

/** Names, e-mail, username, role, status (deactivate / reactivate) and groups. */
export const PATCH = handle<Params>("Failed to update the user", async (req, { params }) => {
  const caller = await requireCaller(req);
  return updateUser(caller.ctx, (await params).userId, await readJson(req, updateUserSchema));
});

export const DELETE = handle<Params>("Failed to delete the user", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteUser(caller.ctx, (await params).userId);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = notAllowedExcept("GET", "PATCH", "DELETE");
