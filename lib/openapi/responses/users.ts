import { z } from "zod";
import { count, id, pageOf, timestamp } from "@/lib/openapi/responses/common";

// GET /api/users: the organization's active users as pickers show them (lib/server/users/queries.ts).

export const userDirectoryEntrySchema = z
  .object({
    id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.email(),
    role: z.string().meta({ example: "learner" }),
  })
  .meta({ id: "Person", description: "A user as pickers list them" });

export const userDirectoryPageSchema = pageOf(userDirectoryEntrySchema).meta({ id: "PersonPage" });

export const adminUserSchema = z
  .object({
    id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.email(),
    username: z.string(),
    role: z.string().meta({ example: "learner" }),
    status: z.string().meta({ example: "active" }),
    groups: z.array(z.object({ id, name: z.string() })).meta({ description: "Up to ten of their groups, by name" }),
    last_login_at: timestamp.nullable(),
  })
  .meta({ id: "AdminUser", description: "A user as the user administration lists them" });

export const adminUserPageSchema = pageOf(adminUserSchema).meta({ id: "AdminUserPage" });

export const invitationStateSchema = z
  .object({ status: z.enum(["pending", "accepted", "expired"]), sent_at: timestamp, expires_at: timestamp })
  .meta({
    id: "InvitationState",
    description: "The newest invitation e-mail: its link is pending (unused and good), accepted or expired",
  });

export const adminUserDetailSchema = adminUserSchema
  .extend({
    groups: z.array(z.object({ id, name: z.string() })).meta({ description: "All of their groups, by name" }),
    created_at: timestamp,
    invitation: invitationStateSchema
      .nullable()
      .meta({ description: "While they have not set a password from an invitation; else null" }),
    can_edit: z.boolean().meta({
      description: "Whether the caller may change this account (org admins may not change an administrator's)",
    }),
    is_self: z.boolean(),
    counts: z
      .object({ enrollments: count, messages_sent: count, courses_created: count })
      .meta({ description: "What deleting them takes along (enrollments, messages) or leaves (courses)" }),
  })
  .meta({ id: "AdminUserDetail", description: "A user as the user administration's edit page shows them" });

export const createdUserSchema = z
  .object({
    user: adminUserDetailSchema,
    invitation_sent: z.boolean().meta({ description: "Without a password: whether the invitation e-mail went out" }),
  })
  .meta({ id: "CreatedUser" });

export const bulkUserResultSchema = z
  .object({
    action: z.enum(["deactivate", "reactivate", "add_to_group", "enroll"]),
    affected: count.meta({
      description: "People the action changed: deactivated, reactivated, newly in the group, or enrolled",
    }),
  })
  .meta({ id: "BulkUserResult" });
