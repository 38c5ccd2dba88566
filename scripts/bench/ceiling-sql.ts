// The SQL the app sends for the benchmarked requests, so the ceiling does the same database work, statement
// by statement: the app's own text (imported) where the app writes SQL itself, and Prisma 7's output,
// verbatim from `npm run bench -- --trace-sql`, where Prisma writes it. When those queries change, trace
// again and update them here.

/** lib/auth/caller-lookup.ts: the Host's organization and the token's user, in one statement (the app's own text). */
export { TENANT_AND_USER_SQL } from "@/lib/auth/caller-lookup";

// ── GET /api/courses (lib/server/courses/course-list-sql.ts: one statement, built by the app's own code)

// ── GET /api/courses/{id}/outline (lib/server/courses/access.ts loadCourseAccess + queries.ts readOutline)

/** lib/server/courses/access.ts loadCourseAccess: the course, whether the caller teaches it, their enrollment. */
export { COURSE_ACCESS_SQL } from "@/lib/server/courses/access";

export const OUTLINE_MODULES = `SELECT "public"."Module"."id", "public"."Module"."courseId", "public"."Module"."title", "public"."Module"."description", "public"."Module"."position" FROM "public"."Module" WHERE ("public"."Module"."organizationId" = $1 AND "public"."Module"."courseId" = $2) ORDER BY "public"."Module"."position" ASC, "public"."Module"."id" ASC OFFSET $3`;

export const OUTLINE_LESSONS = `SELECT "public"."Lesson"."id", "public"."Lesson"."moduleId", "public"."Lesson"."title", "public"."Lesson"."kind"::text, "public"."Lesson"."position", "public"."Lesson"."isRequired", "public"."Lesson"."durationSeconds" FROM "public"."Lesson" WHERE ("public"."Lesson"."organizationId" = $1 AND "public"."Lesson"."courseId" = $2) ORDER BY "public"."Lesson"."position" ASC, "public"."Lesson"."id" ASC OFFSET $3`;

// ── GET /api/dashboard (lib/server/enrollments/dashboard.ts getDashboard: one statement, the app's own text)

export { DASHBOARD_SQL } from "@/lib/server/enrollments/dashboard";
