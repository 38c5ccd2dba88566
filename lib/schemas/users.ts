import { z } from "zod";
import { emailSchema, nameSchema, passwordSchema, usernameSchema } from "@/lib/schemas/auth";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

/** A role, or "staff" for everyone who can teach (instructors and administrators). */
export const USER_DIRECTORY_ROLES = ["learner", "instructor", "org_admin", "admin", "staff"] as const;

/** GET /api/users: the organization's active users for pickers (enroll learners, choose instructors). */
export const listUserDirectoryQuerySchema = paginationQuerySchema.extend({
  role: z
    .enum(USER_DIRECTORY_ROLES, { error: "role must be learner, instructor, org_admin, admin or staff" })
    .optional(),
  q: z.string().trim().max(200, "The search text must be at most 200 characters").optional(),
});
export type ListUserDirectoryQuery = z.infer<typeof listUserDirectoryQuerySchema>;

export const USER_SORT_FIELDS = ["name", "email", "username", "role", "status", "last_login_at"] as const;

/** GET /api/admin/users: the user administration's list, searched, filtered and sorted on the server. */
export const listUsersQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, "The search text must be at most 200 characters").optional(),
  role: z
    .enum(["learner", "instructor", "org_admin", "admin"], {
      error: "role must be learner, instructor, org_admin or admin",
    })
    .optional(),
  status: z.enum(["active", "suspended"], { error: "status must be active or suspended" }).optional(),
  group_id: z.uuid({ error: "group_id must be a group's id" }).optional(),
  sort: z.enum(USER_SORT_FIELDS, { error: `sort must be one of ${USER_SORT_FIELDS.join(", ")}` }).default("name"),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).default("asc"),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

// ───────────────────────────── the user administration's writes ─────────────────────────────

/** The roles an organization's user may have (the superadmin belongs to no organization). */
export const USER_ROLES = ["learner", "instructor", "org_admin", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
const roleSchema = z.enum(USER_ROLES, { error: "role must be learner, instructor, org_admin or admin" });

const groupIdsSchema = z
  .array(idSchema, { error: "group_ids must be a list of group ids" })
  .max(200, "At most 200 groups");

/**
 * POST /api/admin/users. Without `password` the person is invited: an e-mail with a single-use link where
 * they set their own. With one, they sign in with it (tell them yourself).
 */
export const createUserSchema = z.object({
  first_name: nameSchema("First name"),
  last_name: nameSchema("Last name"),
  email: emailSchema,
  username: usernameSchema.optional(),
  role: roleSchema,
  group_ids: groupIdsSchema.optional(),
  password: passwordSchema.optional(),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PATCH /api/admin/users/{userId}: any of these; `group_ids` is the complete new list of their groups. */
export const updateUserSchema = z.object({
  first_name: nameSchema("First name").optional(),
  last_name: nameSchema("Last name").optional(),
  email: emailSchema.optional(),
  username: usernameSchema.optional(),
  role: roleSchema.optional(),
  status: z.enum(["active", "suspended"], { error: "status must be active or suspended" }).optional(),
  group_ids: groupIdsSchema.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

const bulkUserIds = z
  .array(idSchema, { error: "user_ids must be a list of user ids" })
  .min(1, "Choose at least one user")
  .max(5000, "At most 5,000 users at a time");

/**
 * POST /api/admin/users/bulk: one action on the selected users, in one transaction. Each action takes
 * exactly its own fields: a group_id sent with "enroll" is a mistake, refused rather than ignored.
 */
export const bulkUserActionSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("deactivate"), user_ids: bulkUserIds }),
    z.strictObject({ action: z.literal("reactivate"), user_ids: bulkUserIds }),
    z.strictObject({ action: z.literal("add_to_group"), user_ids: bulkUserIds, group_id: idSchema }),
    z.strictObject({ action: z.literal("enroll"), user_ids: bulkUserIds, course_id: idSchema }),
  ],
  { error: "action must be deactivate, reactivate, add_to_group or enroll" },
);
export type BulkUserActionInput = z.infer<typeof bulkUserActionSchema>;

/**
 * The add and edit forms: the API's fields, the groups as chosen (with their names, to show them) and,
 * when adding, how the person gets in. Turned into the API's input by the form.
 */
export const userFormSchema = z
  .object({
    first_name: nameSchema("First name"),
    last_name: nameSchema("Last name"),
    email: emailSchema,
    username: z.union([z.literal(""), usernameSchema]),
    role: roleSchema,
    groups: z.array(z.object({ id: idSchema, name: z.string() })),
    access: z.enum(["invitation", "password"]),
    password: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.access !== "password") return;
    const checked = passwordSchema.safeParse(value.password);
    if (!checked.success)
      ctx.addIssue({ code: "custom", path: ["password"], message: checked.error.issues[0]!.message });
  });
export type UserFormValues = z.output<typeof userFormSchema>;
