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
