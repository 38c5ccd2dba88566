// The SQL the app sends for the benchmarked requests, verbatim from `npm run bench -- --trace-sql`
// (Prisma 7's query compiler output), so the ceiling does the same database work, statement by statement.
// When the app's queries change, trace again and update these.

const ORG = `"public"."Organization"`;
const USER = `"public"."User"`;
const COURSE = `"public"."Course"`;

/** lib/tenancy/organization.ts resolveHostTenant: the Host's organization. */
export const ORGANIZATION_BY_SUBDOMAIN = `SELECT ${ORG}."id", ${ORG}."name", ${ORG}."subdomain", ${ORG}."status"::text, ${ORG}."branding", ${ORG}."settings", ${ORG}."createdAt" FROM ${ORG} WHERE (${ORG}."subdomain" = $1 AND 1=1) LIMIT $2 OFFSET $3`;

/** lib/auth/caller.ts callerFromClaims: the signed-in user, checked on every request. */
export const USER_BY_ID = `SELECT ${USER}."id", ${USER}."organizationId", ${USER}."role"::text, ${USER}."firstName", ${USER}."lastName", ${USER}."username", ${USER}."email", ${USER}."avatarUrl", ${USER}."status"::text, ${USER}."lastLoginAt", ${USER}."createdAt", ${USER}."sessionVersion" FROM ${USER} WHERE (${USER}."id" = $1 AND 1=1) LIMIT $2 OFFSET $3`;

// ── GET /api/courses (lib/server/courses/queries.ts listCourses, catalog view with a search term)

const CATALOG_WHERE = `(${COURSE}."organizationId" = $1 AND ${COURSE}."status" = CAST($2::text AS "public"."CourseStatus") AND (${COURSE}."title" ILIKE ('%' || $3 || '%') OR ${COURSE}."description" ILIKE ('%' || $4 || '%')))`;

const COURSE_SUMMARY_COLUMNS = `SELECT ${COURSE}."id", ${COURSE}."title", ${COURSE}."status"::text, ${COURSE}."thumbnailUrl", ${COURSE}."updatedAt", ${COURSE}."publishedAt", ${COURSE}."moduleCount", ${COURSE}."lessonCount", ${COURSE}."enrollmentCount", ${COURSE}."organizationId", ${COURSE}."categoryId" FROM ${COURSE}`;

export const CATALOG_PAGE = `${COURSE_SUMMARY_COLUMNS} WHERE ${CATALOG_WHERE} ORDER BY ${COURSE}."title" ASC, ${COURSE}."id" ASC LIMIT $5 OFFSET $6`;

export const CATALOG_TOTAL = `SELECT COUNT(*) AS "_count$_all" FROM (SELECT ${COURSE}."id" FROM ${COURSE} WHERE ${CATALOG_WHERE} OFFSET $5) AS "sub"`;

/** `$from,$from+1,…`: Prisma spells every element of an IN list as its own placeholder. */
const list = (from: number, length: number) => Array.from({ length }, (_, i) => `$${from + i}`).join(",");

/** Prisma loads the rows' categories in a second statement, one placeholder per row (nulls included). */
export function categoriesOf(rows: number): string {
  return `SELECT "public"."Category"."id", "public"."Category"."name", "public"."Category"."organizationId" FROM "public"."Category" WHERE ("public"."Category"."id" IN (${list(1, rows)}) AND "public"."Category"."organizationId" IN (${list(rows + 1, rows)})) OFFSET $${2 * rows + 1}`;
}

// ── GET /api/courses/{id}/outline (lib/server/courses/access.ts loadCourseAccess + queries.ts readOutline)

/** lib/server/courses/access.ts loadCourseAccess: the course, whether the caller teaches it, their enrollment. */
export { COURSE_ACCESS_SQL } from "@/lib/server/courses/access";

export const OUTLINE_MODULES = `SELECT "public"."Module"."id", "public"."Module"."courseId", "public"."Module"."title", "public"."Module"."description", "public"."Module"."position" FROM "public"."Module" WHERE ("public"."Module"."organizationId" = $1 AND "public"."Module"."courseId" = $2) ORDER BY "public"."Module"."position" ASC, "public"."Module"."id" ASC OFFSET $3`;

export const OUTLINE_LESSONS = `SELECT "public"."Lesson"."id", "public"."Lesson"."moduleId", "public"."Lesson"."title", "public"."Lesson"."kind"::text, "public"."Lesson"."position", "public"."Lesson"."isRequired", "public"."Lesson"."durationSeconds" FROM "public"."Lesson" WHERE ("public"."Lesson"."organizationId" = $1 AND "public"."Lesson"."courseId" = $2) ORDER BY "public"."Lesson"."position" ASC, "public"."Lesson"."id" ASC OFFSET $3`;

// ── GET /api/dashboard (lib/server/enrollments/dashboard.ts getDashboard: one statement, the app's own text)

export { DASHBOARD_SQL } from "@/lib/server/enrollments/dashboard";
