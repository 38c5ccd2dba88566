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

const COURSE_SUMMARY_COLUMNS = `SELECT ${COURSE}."id", ${COURSE}."title", ${COURSE}."status"::text, ${COURSE}."thumbnailUrl", ${COURSE}."updatedAt", ${COURSE}."publishedAt", ${COURSE}."organizationId", ${COURSE}."categoryId" FROM ${COURSE}`;

/** lib/server/courses/counts.ts: the listed courses' module, lesson and enrollment counts (the app's own text). */
export { COURSE_COUNTS_SQL } from "@/lib/server/courses/counts";

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

// ── GET /api/dashboard (lib/server/enrollments/dashboard.ts getDashboard)

const E = `"public"."Enrollment"`;
const ENROLLMENT_COLUMNS = `SELECT ${E}."id", ${E}."courseId", ${E}."userId", ${E}."status"::text, ${E}."source"::text, ${E}."progressPercent", ${E}."enrolledAt", ${E}."completedAt", ${E}."withdrawnAt", ${E}."lastAccessedAt", ${E}."lastLessonId", ${E}."organizationId" FROM ${E} LEFT JOIN ${COURSE} AS "j0" ON ("j0"."organizationId","j0"."id") = (${E}."organizationId",${E}."courseId")`;
const MINE = `${E}."organizationId" = $1 AND ${E}."userId" = $2 AND ("j0"."status" <> CAST($3::text AS "public"."CourseStatus") AND ("j0"."id" IS NOT NULL))`;
const enrollmentStatus = (n: number) => `CAST($${n}::text AS "public"."EnrollmentStatus")`;

/** "My courses": active and completed, most recently used first. */
export const DASHBOARD_COURSES = `${ENROLLMENT_COLUMNS} WHERE (${MINE} AND ${E}."status" IN (${enrollmentStatus(4)},${enrollmentStatus(5)})) ORDER BY ${E}."lastAccessedAt"DESC NULLS LAST, ${E}."enrolledAt" DESC, ${E}."id" ASC LIMIT $6 OFFSET $7`;

/** "Recently completed". */
export const DASHBOARD_COMPLETED = `${ENROLLMENT_COLUMNS} WHERE (${MINE} AND ${E}."status" = ${enrollmentStatus(4)}) ORDER BY ${E}."completedAt"DESC NULLS LAST, ${E}."id" ASC LIMIT $5 OFFSET $6`;

/** The enrollments' courses as summaries, by id and organization (their counts follow in one statement). */
export function courseSummariesOf(courses: number): string {
  return `${COURSE_SUMMARY_COLUMNS} WHERE (${COURSE}."id" IN (${list(1, courses)}) AND ${COURSE}."organizationId" IN (${list(courses + 1, courses)})) OFFSET $${2 * courses + 1}`;
}

/** "Continue where you left off": the last lessons of the active enrollments. */
export function lessonsById(lessons: number): string {
  return `SELECT "public"."Lesson"."id", "public"."Lesson"."courseId", "public"."Lesson"."moduleId", "public"."Lesson"."title" FROM "public"."Lesson" WHERE ("public"."Lesson"."organizationId" = $1 AND "public"."Lesson"."id" IN (${list(2, lessons)})) OFFSET $${lessons + 2}`;
}
