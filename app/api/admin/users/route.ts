import { handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { createUserSchema, listUsersQuerySchema } from "@/lib/schemas/users";
import { createUser } from "@/lib/server/users/create-user";
import { listAdminUsers } from "@/lib/server/users/queries";

/** Org admins and admins: the user administration's list (?q=&role=&status=&group_id=&sort=&order=&page=). */
export const GET = handle("Failed to list users", async (req) => {
  const caller = await requireCaller(req);
  return listAdminUsers(caller.ctx, parseInput(listUsersQuerySchema, queryObject(req.url)));
});

/** A new user: invited by e-mail without a password, or with the password the admin typed. */
export const POST = handle("Failed to create the user", async (req) => {
  const caller = await requireCaller(req);
  const created = await createUser(caller.ctx, await readJson(req, createUserSchema), {
    origin: new URL(req.url).origin,
  });
  return Response.json(created, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
