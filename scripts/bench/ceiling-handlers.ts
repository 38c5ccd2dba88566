import type pg from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/routes";
import { courseListStatement, courseSummaryRow, type CourseListRow } from "@/lib/server/courses/course-list-sql";
import { courseSummaryJson } from "@/lib/server/courses/json";
import { courseAccessSql } from "@/lib/server/courses/access";
import { outlineFromRows, outlineSql, type OutlineRow } from "@/lib/server/courses/outline-read";
import type { ListUsersQuery } from "@/lib/schemas/users";
import { adminUserJson } from "@/lib/server/users/queries";
import { readUserList } from "@/lib/server/users/user-list-sql";
import { query } from "./ceiling-query";

// The ceiling's answers. Each benchmarked request runs on the app's own hand-written statements (lib/db.ts
// queryRows), so the ceiling imports their text and the app's plain row-to-JSON functions: what differs is
// only the framework and the routing around them. The bench compares both servers' SQL before measuring.

export interface Caller {
  organizationId: string;
  userId: string;
  role: Role;
  canEditAny: boolean;
  canEditOwn: boolean;
}

/** GET /api/courses?q=…: the published catalog of the caller's organization (a learner's view), in the app's one statement. */
export async function catalogPage(pool: pg.Pool, caller: Caller, term: string, page: number, pageSize: number) {
  const ctx = {
    organization: null,
    organizationId: caller.organizationId,
    subdomain: null,
    userId: caller.userId,
    role: caller.role,
  };
  const { rows } = await query<CourseListRow>(pool, courseListStatement(ctx, { q: term, page, page_size: pageSize }));
  return {
    items: rows.map((row) => courseSummaryJson(courseSummaryRow(row))),
    page,
    page_size: pageSize,
    total: rows[0]?.total ?? 0,
  };
}

/** GET /api/courses/{id}/outline: the course access check in one statement, then the outline in one (both the app's text). */
export async function courseOutline(pool: pg.Pool, caller: Caller, courseId: string) {
  const { organizationId, userId } = caller;
  const course = (
    await query<{ status: string; teaches: boolean }>(pool, courseAccessSql(courseId, organizationId, userId))
  ).rows[0];
  if (!course) return null;
  const canEdit = caller.canEditAny || (caller.canEditOwn && course.teaches);
  if (!canEdit && course.status === "draft") return null;
  const { rows } = await query<OutlineRow>(pool, outlineSql(organizationId, courseId));
  return outlineFromRows(courseId, rows);
}

/** GET /api/admin/users: the app's statements (one, or two at once) and its row-to-JSON. */
export async function userListPage(pool: pg.Pool, caller: Caller, list: ListUsersQuery) {
  const { rows, total } = await readUserList(
    async <R extends object>(sql: Prisma.Sql) => (await query(pool, sql)).rows as R[],
    { organizationId: caller.organizationId },
    list,
  );
  return { items: rows.map(adminUserJson), page: list.page, page_size: list.page_size, total };
}
