import "server-only";
import { cache } from "react";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

// Who may do what with one course. Every course, module, lesson and enrollment service starts here, so
// the rules live in one place: another tenant's course is a 404 (its existence is not revealed).

export const NO_MODULE_ACCESS_MESSAGE = "You do not have permission to view this course modules.";

export interface CourseAccess {
  organizationId: string;
  courseId: string;
  status: "draft" | "published" | "archived";
  allowSelfEnrollment: boolean;
  /** Admins of the organization, and instructors who teach this course. */
  canEdit: boolean;
  /** The caller's enrollment, when there is one (any state). */
  enrollment: {
    id: string;
    status: "active" | "completed" | "withdrawn";
    progressPercent: number;
    completedAt: Date | null;
  } | null;
}

/** Whether the caller teaches the course "Course" c. */
export const teachesSql = (userId: string) =>
  Prisma.sql`EXISTS (SELECT 1 FROM "CourseInstructor" ci WHERE ci."organizationId" = c."organizationId" AND ci."courseId" = c."id" AND ci."userId" = ${userId}::uuid)`;

/** The access columns (CourseAccessRow) over "Course" c and the caller's enrollment "Enrollment" e (enrollmentJoinSql). */
export const courseAccessColumns = (userId: string) => Prisma.sql`c."status"::text AS "status", c."allowSelfEnrollment",
  ${teachesSql(userId)} AS "teaches",
  e."id" AS "enrollmentId", e."status"::text AS "enrollmentStatus", e."progressPercent", e."completedAt"`;

/** The caller's enrollment in the course "Course" c, as "Enrollment" e (none: NULLs). */
export const enrollmentJoinSql = (userId: string) =>
  Prisma.sql`LEFT JOIN "Enrollment" e ON e."organizationId" = c."organizationId" AND e."courseId" = c."id" AND e."userId" = ${userId}::uuid`;

/** The course and the user's standing in it. Exported so the benchmark's ceiling server sends exactly this statement. */
export const courseAccessSql = (
  courseId: string,
  organizationId: string,
  userId: string,
) => Prisma.sql`SELECT ${courseAccessColumns(userId)}
FROM "Course" c
${enrollmentJoinSql(userId)}
WHERE c."id" = ${courseId}::uuid AND c."organizationId" = ${organizationId}::uuid`;

/** The columns of courseAccessSql, which the pages' own statements select too. */
export interface CourseAccessRow {
  status: CourseAccess["status"];
  allowSelfEnrollment: boolean;
  teaches: boolean;
  enrollmentId: string | null;
  enrollmentStatus: NonNullable<CourseAccess["enrollment"]>["status"] | null;
  progressPercent: number | null;
  completedAt: Date | null;
}

/**
 * The course and the caller's standing in it, in one statement: every course request starts here.
 * Learners never learn that a draft exists. Within one page render, the page's calls share one answer
 * (the course page asks for the course and for the learner's state); route handlers ask once anyway.
 */
export const loadCourseAccess = cache(async (ctx: TenantContext, courseId: string): Promise<CourseAccess> => {
  const organizationId = tenantId(ctx);
  if (!isId(courseId)) throw courseNotFound();
  const [row] = await queryRows<CourseAccessRow>(courseAccessSql(courseId, organizationId, ctx.userId));
  return courseAccessOf(ctx, organizationId, courseId, row);
});

export const courseNotFound = () => new AppError("NOT_FOUND", "Course not found");

/** The caller's standing from a statement's access columns (none: no such course in the organization). */
export function courseAccessOf(
  ctx: TenantContext,
  organizationId: string,
  courseId: string,
  row: CourseAccessRow | undefined,
): CourseAccess {
  if (!row) throw courseNotFound();
  const canEdit = mayEdit(ctx, row.teaches);
  if (!canEdit && row.status === "draft") throw courseNotFound();
  return {
    organizationId,
    courseId,
    status: row.status,
    allowSelfEnrollment: row.allowSelfEnrollment,
    canEdit,
    enrollment:
      row.enrollmentId && row.enrollmentStatus
        ? {
            id: row.enrollmentId,
            status: row.enrollmentStatus,
            progressPercent: row.progressPercent ?? 0,
            completedAt: row.completedAt,
          }
        : null,
  };
}

/** Admins of the organization, and instructors who teach this course. */
function mayEdit(ctx: TenantContext, teaches: boolean): boolean {
  return can(ctx, "courses:update:any") || (can(ctx, "courses:update:own") && teaches);
}

/**
 * mayEdit as SQL, over a statement's expression for "the caller teaches this course": for a statement
 * that must know before it writes (the lesson page marks the lesson as the place to continue).
 */
export function mayEditSql(ctx: TenantContext, teaches: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${can(ctx, "courses:update:any")}::boolean OR (${can(ctx, "courses:update:own")}::boolean AND ${teaches}))`;
}

/** For authoring: the caller must teach the course or administer the organization. */
export async function requireCourseEditor(ctx: TenantContext, courseId: string): Promise<CourseAccess> {
  const access = await loadCourseAccess(ctx, courseId);
  if (!access.canEdit) throw new AppError("FORBIDDEN", "You can only edit courses you teach");
  return access;
}

/** Whether the caller may open the course's modules and lessons (the learner's player). */
export function canViewContent(access: CourseAccess): boolean {
  if (access.canEdit) return true;
  const enrolled = access.enrollment !== null && access.enrollment.status !== "withdrawn";
  return enrolled && access.status !== "draft";
}

/** For the player and lesson content: editors, or learners enrolled in a published (or archived) course. */
export async function requireContentViewer(ctx: TenantContext, courseId: string): Promise<CourseAccess> {
  const access = await loadCourseAccess(ctx, courseId);
  if (!canViewContent(access)) throw new AppError("FORBIDDEN", NO_MODULE_ACCESS_MESSAGE);
  return access;
}
