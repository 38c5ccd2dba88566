import { z } from "zod";
import { id, pageOf, timestamp } from "@/lib/openapi/responses/common";

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
