import { definePaths, json } from "@/lib/openapi/operation";
import { userDirectoryPageSchema } from "@/lib/openapi/responses/users";
import { listUserDirectoryQuerySchema } from "@/lib/schemas/users";

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
});
