import { z } from "zod";
import { id, pageOf } from "@/lib/openapi/responses/common";

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
