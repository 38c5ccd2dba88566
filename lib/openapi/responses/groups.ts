import { z } from "zod";
import { count, id, pageOf, timestamp } from "@/lib/openapi/responses/common";

// app/api/admin/groups/**: lib/server/groups/queries.ts.

export const groupSchema = z
  .object({ id, name: z.string(), description: z.string(), memberCount: count, courseCount: count })
  .meta({ id: "Group", description: "A group as the spec's list shows it" });

export const groupListSchema = z
  .object({
    groups: z.array(groupSchema),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
    total: count,
  })
  .meta({ id: "GroupList", description: "The spec's `{ groups }`, with the paging every list has" });

export const groupDetailSchema = groupSchema
  .extend({ courses: z.array(z.object({ id, title: z.string(), status: z.string().meta({ example: "published" }) })) })
  .meta({ id: "GroupDetail", description: "A group and the courses assigned to it" });

export const groupMemberSchema = z
  .object({
    id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.email(),
    role: z.string().meta({ example: "learner" }),
    status: z.string().meta({ example: "active" }),
    added_at: timestamp,
    courses: z.array(
      z.object({
        course_id: id,
        status: z.string().nullable(),
        progress_percent: z.number().int().min(0).max(100).nullable(),
      }),
    ),
  })
  .meta({ id: "GroupMember", description: "A member and their enrollment in each of the group's courses" });

export const groupMemberPageSchema = pageOf(groupMemberSchema).meta({ id: "GroupMemberPage" });

export const groupMembersAddedSchema = z
  .object({ added: count, group: groupDetailSchema })
  .meta({ id: "GroupMembersAdded" });
