import "server-only";
import type { QueryRowsFn } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ListUsersQuery } from "@/lib/schemas/users";
import { likePattern } from "@/lib/server/like-pattern";

// The user administration's list, fast at 50,000 people in one organization (docs/benchmarks.md):
// - searched: the trigram index "User_search_idx" over lower(names, e-mail and username) (migration
//   user_list_indexes); the condition repeats its expression exactly;
// - by group: the group's member ids first (an array, so the planner looks each up by primary key
//   rather than scanning the organization's users to join them);
// - sorted by name or last sign-in: indexes; a page reads its groups for its own rows only.
// A selective filter (a search or a group) reads its matches once: the page and the total in one
// statement (a window count). Without one, the page walks an index and the total is a count of its own,
// sent at the same time. Built from Prisma.sql fragments (every value bound); the benchmark's ceiling
// server sends these same statements.

export interface UserListScope {
  organizationId: string;
}

/** The search's text, as "User_search_idx" indexes it. */
const SEARCH_TEXT = Prisma.sql`lower(u."firstName" || ' ' || u."lastName" || ' ' || u."email" || ' ' || u."username")`;

export const isSelective = (query: ListUsersQuery) => Boolean(query.q || query.group_id);

function conditions(scope: UserListScope, query: ListUsersQuery): Prisma.Sql {
  const where = [Prisma.sql`u."organizationId" = ${scope.organizationId}::uuid`];
  if (query.role) where.push(Prisma.sql`u."role" = ${query.role}::"Role"`);
  if (query.status) where.push(Prisma.sql`u."status" = ${query.status}::"UserStatus"`);
  if (query.group_id) {
    where.push(
      Prisma.sql`u."id" = ANY (ARRAY(SELECT gm."userId" FROM "GroupMember" gm WHERE gm."groupId" = ${query.group_id}::uuid AND gm."organizationId" = ${scope.organizationId}::uuid))`,
    );
  }
  if (query.q) where.push(Prisma.sql`${SEARCH_TEXT} LIKE ${likePattern(query.q.toLowerCase())}`);
  return Prisma.join(where, " AND ");
}

/** ORDER BY for a sort (ties broken by id), written against the alias `u`. */
function ordering(query: ListUsersQuery): Prisma.Sql {
  const dir = query.order === "desc" ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  switch (query.sort) {
    case "name":
      return Prisma.sql`u."lastName" ${dir}, u."firstName" ${dir}, u."id" ASC`;
    case "email":
      return Prisma.sql`u."email" ${dir}, u."id" ASC`;
    case "username":
      return Prisma.sql`u."username" ${dir}, u."id" ASC`;
    case "role":
      return Prisma.sql`u."role" ${dir}, u."lastName" ASC, u."id" ASC`;
    case "status":
      return Prisma.sql`u."status" ${dir}, u."lastName" ASC, u."id" ASC`;
    case "last_login_at":
      return Prisma.sql`u."lastLoginAt" ${dir} NULLS LAST, u."id" ASC`;
  }
}

const USER_COLUMNS = Prisma.sql`u."id", u."organizationId", u."firstName", u."lastName", u."email", u."username", u."role", u."status", u."lastLoginAt"`;

/**
 * A page of users with their first ten groups; with a selective filter, the filter's total on each row.
 * A selective filter's matches are gathered first (MATERIALIZED: else the planner may walk the name
 * index through all 50,000 people to avoid sorting a few thousand), then sorted and counted.
 */
export function userPageStatement(scope: UserListScope, query: ListUsersQuery): Prisma.Sql {
  const order = ordering(query);
  const window = Prisma.sql`ORDER BY ${order} LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`;
  const page = isSelective(query)
    ? Prisma.sql`WITH matches AS MATERIALIZED (SELECT ${USER_COLUMNS} FROM "User" u WHERE ${conditions(scope, query)}),
page AS (SELECT u.*, count(*) OVER ()::int AS "total" FROM matches u ${window})`
    : Prisma.sql`WITH page AS (SELECT ${USER_COLUMNS} FROM "User" u WHERE ${conditions(scope, query)} ${window})`;
  return Prisma.sql`${page}
SELECT u."id", u."firstName", u."lastName", u."email", u."username", u."role"::text AS "role", u."status"::text AS "status", u."lastLoginAt",
  COALESCE((SELECT json_agg(json_build_object('id', g."id", 'name', g."name") ORDER BY g."name", g."id")
    FROM (SELECT g."id", g."name" FROM "GroupMember" gm JOIN "Group" g ON g."organizationId" = gm."organizationId" AND g."id" = gm."groupId"
          WHERE gm."organizationId" = u."organizationId" AND gm."userId" = u."id" ORDER BY g."name", g."id" LIMIT 10) g), '[]'::json) AS "groups"${isSelective(query) ? Prisma.sql`, u."total"` : Prisma.empty}
FROM page u
ORDER BY ${order}`;
}

/** The filter's total on its own: for unselective filters, and for a page past the end. */
export function userCountStatement(scope: UserListScope, query: ListUsersQuery): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS "total" FROM "User" u WHERE ${conditions(scope, query)}`;
}

export interface UserListRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  role: string;
  status: string;
  lastLoginAt: Date | null;
  groups: { id: string; name: string }[];
  /** With a selective filter only. */
  total?: number;
}

/**
 * Runs the list with `run` (the app's queryRows, or the ceiling's pool): the statements it needs, the
 * total's and the page's at once when they are two.
 */
export async function readUserList(
  run: QueryRowsFn,
  scope: UserListScope,
  query: ListUsersQuery,
): Promise<{ rows: UserListRow[]; total: number }> {
  const pageRows = () => run<UserListRow>(userPageStatement(scope, query));
  const counted = async () => (await run<{ total: number }>(userCountStatement(scope, query)))[0]?.total ?? 0;
  if (isSelective(query)) {
    const rows = await pageRows();
    return { rows, total: rows[0]?.total ?? (query.page === 1 ? 0 : await counted()) };
  }
  const [rows, total] = await Promise.all([pageRows(), counted()]);
  return { rows, total };
}
