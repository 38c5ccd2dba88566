import "server-only";
import { db, queryRows } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";
import type { ListUserDirectoryQuery, ListUsersQuery } from "@/lib/schemas/users";
import { readUserList, type UserListRow } from "@/lib/server/users/user-list-sql";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission, rolesWith } from "@/lib/tenancy/permissions";

export interface AdminUserJson {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  role: string;
  status: string;
  groups: { id: string; name: string }[];
  last_login_at: string | null;
}

/**
 * GET /api/admin/users: a page of the organization's users for its administrators, searched (names,
 * e-mail, username), filtered by role, status and group, sorted by any column (ties broken by id).
 */
export async function listAdminUsers(ctx: TenantContext, query: ListUsersQuery): Promise<Page<AdminUserJson>> {
  requirePermission(ctx, "users:manage");
  const { rows, total } = await readUserList(queryRows, { organizationId: tenantId(ctx) }, query);
  return { items: rows.map(adminUserJson), page: query.page, page_size: query.page_size, total };
}

/** A row of the list as the API answers it (the benchmark's ceiling answers with it too). */
export function adminUserJson(u: UserListRow): AdminUserJson {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    username: u.username,
    role: u.role,
    status: u.status,
    groups: u.groups,
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
  };
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
export async function listUserDirectory(
  ctx: TenantContext,
  query: ListUserDirectoryQuery,
): Promise<Page<UserDirectoryEntry>> {
  requirePermission(ctx, "enrollments:manage");
  const where: Prisma.UserWhereInput = { organizationId: tenantId(ctx), status: "active" };
  if (query.role === "staff") where.role = { in: rolesWith("courses:update:own") };
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
    items: rows.map((u) => ({
      id: u.id,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      role: u.role,
    })),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}
