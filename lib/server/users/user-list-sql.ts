import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ListUsersQuery } from "@/lib/schemas/users";
import { likePattern } from "@/lib/server/courses/course-list-sql";

// The user administration's list in two statements sent at once: a page of users with their first ten
// groups, and the count of the filter. Fast at 50,000 users in one organization: the search uses the
// trigram indexes on names, e-mail and username, the name and last sign-in sorts their own indexes, the
// group filter the group's member list; a page reads its groups for its 20 rows only. Built from
// Prisma.sql fragments (every value bound); the benchmark's ceiling server sends these same statements.

export interface UserListScope {
  organizationId: string;
}

function conditions(scope: UserListScope, query: ListUsersQuery): Prisma.Sql {
  const where = [Prisma.sql`u."organizationId" = ${scope.organizationId}::uuid`];
  if (query.role) where.push(Prisma.sql`u."role" = ${query.role}::"Role"`);
  if (query.status) where.push(Prisma.sql`u."status" = ${query.status}::"UserStatus"`);
  if (query.group_id) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."groupId" = ${query.group_id}::uuid AND gm."userId" = u."id" AND gm."organizationId" = u."organizationId")`);
  }
  if (query.q) {
    const p = likePattern(query.q);
    where.push(Prisma.sql`(u."firstName" ILIKE ${p} OR u."lastName" ILIKE ${p} OR u."email" ILIKE ${p} OR u."username" ILIKE ${p})`);
  }
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

export function userPageStatement(scope: UserListScope, query: ListUsersQuery): Prisma.Sql {
  const order = ordering(query);
  return Prisma.sql`SELECT u."id", u."firstName", u."lastName", u."email", u."username", u."role", u."status", u."lastLoginAt",
  COALESCE((SELECT json_agg(json_build_object('id', g."id", 'name', g."name") ORDER BY g."name", g."id")
    FROM (SELECT g."id", g."name" FROM "GroupMember" gm JOIN "Group" g ON g."organizationId" = gm."organizationId" AND g."id" = gm."groupId"
          WHERE gm."organizationId" = u."organizationId" AND gm."userId" = u."id" ORDER BY g."name", g."id" LIMIT 10) g), '[]'::json) AS "groups"
FROM (
  SELECT u."id", u."organizationId", u."firstName", u."lastName", u."email", u."username", u."role"::text AS "role", u."status"::text AS "status", u."lastLoginAt"
  FROM "User" u
  WHERE ${conditions(scope, query)}
  ORDER BY ${order}
  LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}
) u
ORDER BY ${order}`;
}

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
}
