import { z } from "zod";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

/** A role, or "staff" for everyone who can teach (instructors and administrators). */
export const USER_DIRECTORY_ROLES = ["learner", "instructor", "org_admin", "admin", "staff"] as const;

/** GET /api/users: the organization's active users for pickers (enroll learners, choose instructors). */
export const listUserDirectoryQuerySchema = paginationQuerySchema.extend({
  role: z.enum(USER_DIRECTORY_ROLES, { error: "role must be learner, instructor, org_admin, admin or staff" }).optional(),
  q: z.string().trim().max(200, "The search text must be at most 200 characters").optional(),
});
export type ListUserDirectoryQuery = z.infer<typeof listUserDirectoryQuerySchema>;

export const USER_SORT_FIELDS = ["name", "email", "username", "role", "status", "last_login_at"] as const;

/** GET /api/admin/users: the user administration's list, searched, filtered and sorted on the server. */
export const listUsersQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, "The search text must be at most 200 characters").optional(),
  role: z.enum(["learner", "instructor", "org_admin", "admin"], { error: "role must be learner, instructor, org_admin or admin" }).optional(),
  status: z.enum(["active", "suspended"], { error: "status must be active or suspended" }).optional(),
  group_id: z.uuid({ error: "group_id must be a group's id" }).optional(),
  sort: z.enum(USER_SORT_FIELDS, { error: `sort must be one of ${USER_SORT_FIELDS.join(", ")}` }).default("name"),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).default("asc"),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;
