import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListGroupsQuery } from "@/lib/schemas/groups";
import type { Page } from "@/lib/schemas/pagination";
import { managedGroupsWhere, requireManagedGroup } from "@/lib/server/groups/access";
import type { TenantContext } from "@/lib/tenancy/context";

export interface GroupJson {
  id: string;
  name: string;
  description: string;
  memberCount: number;
  courseCount: number;
}

export interface GroupDetailJson extends GroupJson {
  courses: { id: string; title: string; status: string }[];
}

export interface GroupMemberJson {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  status: string;
  added_at: string;
  /** Their enrollment in each of the group's courses (none: not enrolled, e.g. withdrawn by hand). */
  courses: { course_id: string; status: string | null; progress_percent: number | null }[];
}

const groupSelect = {
  id: true,
  name: true,
  description: true,
  _count: { select: { members: true, courses: true } },
} satisfies Prisma.GroupSelect;

function groupJson(group: Prisma.GroupGetPayload<{ select: typeof groupSelect }>): GroupJson {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    memberCount: group._count.members,
    courseCount: group._count.courses,
  };
}

const searchWhere = (q: string | undefined): Prisma.GroupWhereInput =>
  q
    ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { description: { contains: q, mode: "insensitive" } }] }
    : {};

export interface GroupListJson {
  groups: GroupJson[];
  page: number;
  page_size: number;
  total: number;
}

/** GET /api/admin/groups: the spec's `{ groups }`, with the paging every list has. */
export async function listGroups(ctx: TenantContext, query: ListGroupsQuery): Promise<GroupListJson> {
  const where: Prisma.GroupWhereInput = { AND: [managedGroupsWhere(ctx), searchWhere(query.q)] };
  const [rows, total] = await Promise.all([
    db().group.findMany({
      where,
      select: groupSelect,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().group.count({ where }),
  ]);
  return { groups: rows.map(groupJson), page: query.page, page_size: query.page_size, total };
}

export async function getGroup(ctx: TenantContext, groupId: string): Promise<GroupDetailJson> {
  const { id, organizationId } = await requireManagedGroup(ctx, groupId);
  const group = await db().group.findFirstOrThrow({
    where: { organizationId, id },
    select: {
      ...groupSelect,
      courses: {
        select: { course: { select: { id: true, title: true, status: true } } },
        orderBy: { course: { title: "asc" } },
      },
    },
  });
  return {
    ...groupJson(group),
    courses: group.courses.map(({ course }) => ({ id: course.id, title: course.title, status: course.status })),
  };
}

/** A group's members, by name, with their progress in each of the group's courses. */
export async function listGroupMembers(
  ctx: TenantContext,
  groupId: string,
  query: ListGroupsQuery,
): Promise<Page<GroupMemberJson>> {
  const { id, organizationId } = await requireManagedGroup(ctx, groupId);
  const where: Prisma.GroupMemberWhereInput = { organizationId, groupId: id };
  if (query.q) {
    const contains = { contains: query.q, mode: "insensitive" as const };
    where.user = { OR: [{ firstName: contains }, { lastName: contains }, { email: contains }, { username: contains }] };
  }
  const [rows, total, courses] = await Promise.all([
    db().groupMember.findMany({
      where,
      select: {
        addedAt: true,
        user: { select: { id: true, firstName: true, lastName: true, email: true, role: true, status: true } },
      },
      orderBy: [{ user: { lastName: "asc" } }, { user: { firstName: "asc" } }, { userId: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().groupMember.count({ where }),
    db().groupCourse.findMany({
      where: { organizationId, groupId: id },
      select: { courseId: true },
      orderBy: { course: { title: "asc" } },
    }),
  ]);
  const courseIds = courses.map((c) => c.courseId);
  const enrollments = await db().enrollment.findMany({
    where: { organizationId, courseId: { in: courseIds }, userId: { in: rows.map((r) => r.user.id) } },
    select: { userId: true, courseId: true, status: true, progressPercent: true },
  });
  const byKey = new Map(enrollments.map((e) => [`${e.userId}:${e.courseId}`, e]));
  return {
    items: rows.map(({ addedAt, user }) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      role: user.role,
      status: user.status,
      added_at: addedAt.toISOString(),
      courses: courseIds.map((courseId) => {
        const e = byKey.get(`${user.id}:${courseId}`);
        return { course_id: courseId, status: e?.status ?? null, progress_percent: e ? e.progressPercent : null };
      }),
    })),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}
