import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

export const courseSummarySelect = {
  id: true,
  title: true,
  status: true,
  thumbnailUrl: true,
  updatedAt: true,
  category: { select: { id: true, name: true } },
  _count: { select: { modules: true, lessons: true, enrollments: true } },
} satisfies Prisma.CourseSelect;
export type CourseSummary = Prisma.CourseGetPayload<{ select: typeof courseSummarySelect }>;

/** The public catalog of a host's organization: published courses only. */
export async function listCatalogCourses(organizationId: string, take = 50): Promise<CourseSummary[]> {
  return db().course.findMany({ where: { organizationId, status: "published" }, select: courseSummarySelect, orderBy: { title: "asc" }, take });
}

/** Courses the caller administers: all of the organization for admins, the taught ones for instructors. */
export async function listManagedCourses(ctx: TenantContext, take = 100): Promise<CourseSummary[]> {
  requirePermission(ctx, "courses:update:own");
  const organizationId = tenantId(ctx);
  const where: Prisma.CourseWhereInput = can(ctx.role, "courses:update:any")
    ? { organizationId }
    : { organizationId, instructors: { some: { userId: ctx.userId } } };
  return db().course.findMany({ where, select: courseSummarySelect, orderBy: { updatedAt: "desc" }, take });
}

/** A course as its overview page shows it. Drafts are visible to staff only; others get a 404. */
export async function getCourseOverview(ctx: TenantContext, courseId: string) {
  const organizationId = tenantId(ctx);
  if (!isId(courseId)) throw new AppError("NOT_FOUND", "Course not found");
  const isStaff = can(ctx.role, "courses:update:own");
  const course = await db().course.findFirst({
    where: { id: courseId, organizationId, ...(isStaff ? {} : { status: "published" }) },
    select: {
      ...courseSummarySelect,
      description: true,
      instructors: { select: { user: { select: { id: true, firstName: true, lastName: true } } } },
      modules: { orderBy: { position: "asc" }, select: { id: true, title: true, lessons: { orderBy: { position: "asc" }, select: { id: true, title: true, kind: true } } } },
    },
  });
  if (!course) throw new AppError("NOT_FOUND", "Course not found");
  return course;
}
