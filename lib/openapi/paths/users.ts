import { definePaths, json } from "@/lib/openapi/operation";
import { adminUserPageSchema, userDirectoryPageSchema } from "@/lib/openapi/responses/users";
import { listUserDirectoryQuerySchema, listUsersQuerySchema } from "@/lib/schemas/users";

// app/api/users/route.ts: a read-only directory for staff's pickers (enroll learners, choose instructors).

export const userPaths = definePaths("Users", {
  "/api/users": {
    get: {
      operationId: "listUserDirectory",
      summary: "The organization's active users, for pickers (staff: instructors and administrators)",
      description:
        "`role` filters by role (`staff` = instructors and administrators); `q` searches first and last name, e-mail and username. " +
        "Ordered by last and first name. Answers id, names, e-mail and role only.",
      access: "signed-in",
      requestParams: { query: listUserDirectoryQuerySchema },
      responses: { 200: json("A page of users", userDirectoryPageSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/users": {
    get: {
      operationId: "listAdminUsers",
      summary: "The organization's users, for its administrators (org admins and admins)",
      description:
        "`q` searches first and last name, e-mail and username; `role`, `status` and `group_id` filter; `sort` orders by " +
        "name, email, username, role, status or last_login_at (`order` asc or desc; ties by id).",
      access: "signed-in",
      requestParams: { query: listUsersQuerySchema },
      responses: { 200: json("A page of users", adminUserPageSchema) },
      errors: [400, 403, 404],
    },
  },
});
