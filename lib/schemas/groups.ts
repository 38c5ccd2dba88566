import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

// Groups: people staff manage together; a course assigned to a group enrolls every member.

export const groupNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

export const createGroupSchema = z.object({
  name: groupNameSchema,
  description: z.string().trim().max(1000, "Description must be at most 1000 characters").optional(),
});
export type CreateGroupInput = z.infer<typeof createGroupSchema>;

export const updateGroupSchema = createGroupSchema.partial();
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

/** GET /api/admin/groups and a group's members: the same search and paging as every list. */
export const listGroupsQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, "The search text must be at most 200 characters").optional(),
});
export type ListGroupsQuery = z.infer<typeof listGroupsQuerySchema>;

/** Bulk add: up to 5,000 people in one request. */
export const addGroupMembersSchema = z.object({
  user_ids: z
    .array(idSchema, { error: "user_ids must be a list of user ids" })
    .min(1, "Choose at least one person")
    .max(5000, "At most 5,000 people at a time"),
});
export type AddGroupMembersInput = z.infer<typeof addGroupMembersSchema>;

export const assignGroupCourseSchema = z.object({
  course_id: idSchema,
});
export type AssignGroupCourseInput = z.infer<typeof assignGroupCourseSchema>;
