import "server-only";
import { db, LONG_TRANSACTION } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CreateEnrollmentsInput, UpdateEnrollmentInput } from "@/lib/schemas/enrollments";
import { isId } from "@/lib/schemas/id";
import { loadCourseAccess, requireCourseEditor } from "@/lib/server/courses/access";
import { enrollmentJson, enrollmentSelect, type EnrollmentJson } from "@/lib/server/enrollments/json";
import { recomputeEnrollments } from "@/lib/server/progress/recompute";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";
import { recordEnrollmentsCreated } from "@/lib/server/webhooks/events";

export type EnrollmentSource = "self" | "manual" | "group";

/** POST /api/courses/{id}/enrollments: without user_ids the caller enrolls themselves. */
export async function createEnrollments(
  ctx: TenantContext,
  courseId: string,
  input: CreateEnrollmentsInput,
): Promise<{ enrollments: EnrollmentJson[] }> {
  if (input.user_ids) return { enrollments: await enrollUsers(ctx, courseId, input.user_ids, "manual") };
  return { enrollments: [await enrollSelf(ctx, courseId)] };
}

/** Self-enrollment: the course must be published and allow it. A withdrawn enrollment comes back with its progress. */
export async function enrollSelf(ctx: TenantContext, courseId: string): Promise<EnrollmentJson> {
  requirePermission(ctx, "courses:enroll:self");
  const access = await loadCourseAccess(ctx, courseId);
  if (access.status !== "published")
    throw new AppError("FORBIDDEN", "This course is not open for enrollment: it is not published");
  if (!access.allowSelfEnrollment)
    throw new AppError("FORBIDDEN", "This course does not allow self-enrollment: ask an instructor to enroll you");
  const [enrollment] = await writeEnrollments(access.organizationId, courseId, [ctx.userId], "self");
  return enrollment!;
}

/**
 * Enrolls users of the caller's organization into a course the caller may edit, in one transaction:
 * new rows in one statement, withdrawn ones reactivated (their progress kept). Already enrolled users are
 * left as they are. Enrolling a group's members later is this same call with source "group".
 */
export async function enrollUsers(
  ctx: TenantContext,
  courseId: string,
  userIds: string[],
  source: EnrollmentSource,
): Promise<EnrollmentJson[]> {
  requirePermission(ctx, "enrollments:manage");
  const access = await requireCourseEditor(ctx, courseId);
  const ids = [...new Set(userIds)];
  const invalid = ids.filter((id) => !isId(id));
  const found = await db().user.findMany({
    where: { organizationId: access.organizationId, id: { in: ids.filter(isId) } },
    select: { id: true },
  });
  const known = new Set(found.map((u) => u.id));
  const unknown = [...invalid, ...ids.filter((id) => isId(id) && !known.has(id))];
  if (unknown.length > 0) {
    const message = `No such user in this organization: ${unknown.join(", ")}`;
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { user_ids: [message] } });
  }
  return writeEnrollments(access.organizationId, courseId, ids, source);
}

async function writeEnrollments(
  organizationId: string,
  courseId: string,
  userIds: string[],
  source: EnrollmentSource,
): Promise<EnrollmentJson[]> {
  const rows = await db().$transaction(async (tx) => {
    const enrolled = await tx.enrollment.createManyAndReturn({
      data: userIds.map((userId) => ({ organizationId, courseId, userId, source })),
      skipDuplicates: true,
      select: { id: true },
    });
    await recordEnrollmentsCreated(
      tx,
      organizationId,
      enrolled.map((e) => e.id),
    );
    const withdrawn = await tx.enrollment.findMany({
      where: { organizationId, courseId, userId: { in: userIds }, status: "withdrawn" },
      select: { id: true },
    });
    await reactivate(
      tx,
      organizationId,
      withdrawn.map((e) => e.id),
    );
    return tx.enrollment.findMany({
      where: { organizationId, courseId, userId: { in: userIds } },
      select: enrollmentSelect,
      orderBy: { id: "asc" },
    });
  }, LONG_TRANSACTION);
  return rows.map(enrollmentJson);
}

/** Withdrawn → active, then recounted: lessons done before the withdrawal count again (and may complete it). */
async function reactivate(
  tx: Prisma.TransactionClient,
  organizationId: string,
  enrollmentIds: string[],
): Promise<void> {
  if (enrollmentIds.length === 0) return;
  await tx.enrollment.updateMany({
    where: { organizationId, id: { in: enrollmentIds }, status: "withdrawn" },
    data: { status: "active", withdrawnAt: null },
  });
  await recomputeEnrollments(tx, organizationId, enrollmentIds);
}

/** PATCH /api/enrollments/{id}: course editors withdraw or reinstate an enrollment. */
export async function updateEnrollment(
  ctx: TenantContext,
  enrollmentId: string,
  input: UpdateEnrollmentInput,
): Promise<EnrollmentJson> {
  const enrollment = await loadManagedEnrollment(ctx, enrollmentId, { allowOwn: false });
  if (input.status === "withdrawn") return withdraw(enrollment.organizationId, enrollment.id);
  const row = await db().$transaction(async (tx) => {
    await reactivate(tx, enrollment.organizationId, [enrollment.id]);
    return tx.enrollment.findFirstOrThrow({
      where: { organizationId: enrollment.organizationId, id: enrollment.id },
      select: enrollmentSelect,
    });
  });
  return enrollmentJson(row);
}

/** DELETE /api/enrollments/{id}: the learner or a course editor withdraws. Progress rows are kept. */
export async function withdrawEnrollment(ctx: TenantContext, enrollmentId: string): Promise<void> {
  const enrollment = await loadManagedEnrollment(ctx, enrollmentId, { allowOwn: true });
  await withdraw(enrollment.organizationId, enrollment.id);
}

async function withdraw(organizationId: string, enrollmentId: string): Promise<EnrollmentJson> {
  await db().enrollment.updateMany({
    where: { organizationId, id: enrollmentId, status: { not: "withdrawn" } },
    data: { status: "withdrawn", withdrawnAt: new Date() },
  });
  return enrollmentJson(
    await db().enrollment.findFirstOrThrow({ where: { organizationId, id: enrollmentId }, select: enrollmentSelect }),
  );
}

/**
 * An enrollment the caller may change: their own (when allowed), or one of a course they edit. Learners
 * never learn of other people's enrollments (404); staff who do not teach the course get a 403.
 */
async function loadManagedEnrollment(ctx: TenantContext, enrollmentId: string, options: { allowOwn: boolean }) {
  const organizationId = tenantId(ctx);
  if (!isId(enrollmentId)) throw new AppError("NOT_FOUND", "Enrollment not found");
  const enrollment = await db().enrollment.findFirst({
    where: { organizationId, id: enrollmentId },
    select: { id: true, organizationId: true, courseId: true, userId: true },
  });
  if (!enrollment) throw new AppError("NOT_FOUND", "Enrollment not found");
  const own = enrollment.userId === ctx.userId;
  if (own && options.allowOwn) return enrollment;
  // Learners never learn of other people's enrollments.
  if (!own && !can(ctx, "enrollments:manage")) throw new AppError("NOT_FOUND", "Enrollment not found");
  requirePermission(
    ctx,
    "enrollments:manage",
    "Only the course's instructors and administrators can change an enrollment",
  );
  await requireCourseEditor(ctx, enrollment.courseId);
  return enrollment;
}
