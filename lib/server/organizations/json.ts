import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { organizationJson } from "@/lib/server/serialize";
import { organizationPublicSelect } from "@/lib/server/selects";

/** What the organizations page shows of one: its public record, when it was made and its head counts. */
export const organizationAdminSelect = {
  ...organizationPublicSelect,
  _count: { select: { users: true, courses: true, enrollments: true } },
} satisfies Prisma.OrganizationSelect;
type OrganizationAdminRow = Prisma.OrganizationGetPayload<{ select: typeof organizationAdminSelect }>;

export function organizationAdminJson(row: OrganizationAdminRow) {
  return {
    ...organizationJson(row)!,
    created_at: row.createdAt.toISOString(),
    user_count: row._count.users,
    course_count: row._count.courses,
    enrollment_count: row._count.enrollments,
  };
}
export type OrganizationAdminJson = ReturnType<typeof organizationAdminJson>;
