import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { TEACHING_ROLES } from "@/lib/routes";
import type { Page } from "@/lib/schemas/pagination";
import type { ListUserDirectoryQuery } from "@/lib/schemas/users";
import { userProfileSelect } from "@/lib/server/selects";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

export async function listUsers(ctx: TenantContext, take = 100) {
  requirePermission(ctx, "users:manage");
  return db().user.findMany({ where: { organizationId: tenantId(ctx) }, select: userProfileSelect, orderBy: [{ lastName: "asc" }, { firstName: "asc" }], take });
}

export interface UserDirectoryEntry {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
}

/**
 * The organization's active users as pickers need them (name, e-mail, role): staff enroll learners and
 * choose a course's instructors. Read-only and narrower than the user administration's list.
 */
export async function listUserDirectory(ctx: TenantContext, query: ListUserDirectoryQuery): Promise<Page<UserDirectoryEntry>> {
  requirePermission(ctx, "enrollments:manage");
  const where: Prisma.UserWhereInput = { organizationId: tenantId(ctx), status: "active" };
  if (query.role === "staff") where.role = { in: [...TEACHING_ROLES] };
  else if (query.role) where.role = query.role;
  if (query.q) {
    const contains = { contains: query.q, mode: "insensitive" as const };
    where.OR = [{ firstName: contains }, { lastName: contains }, { email: contains }, { username: contains }];
  }
  const [rows, total] = await Promise.all([
    db().user.findMany({
      where,
      select: { id: true, firstName: true, lastName: true, email: true, role: true },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().user.count({ where }),
  ]);
  return {
    items: rows.map((u) => ({ id: u.id, first_name: u.firstName, last_name: u.lastName, email: u.email, role: u.role })),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}
