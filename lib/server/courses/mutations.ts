import "server-only";
import { formatDate, parseDate } from "@/lib/calendar/dates";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CreateCourseInput, UpdateCourseInput } from "@/lib/schemas/courses";
import { readOrganizationSettings } from "@/lib/schemas/organization-settings";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import { getCourse } from "@/lib/server/courses/queries";
import { removeStoredFiles } from "@/lib/server/courses/stored-files";
import { sanitizeRichText } from "@/lib/server/rich-text";
import { tenantId, tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission, rolesWith } from "@/lib/tenancy/permissions";
import type { CourseJson } from "@/lib/server/courses/json";

export async function createCourse(ctx: TenantContext, input: CreateCourseInput): Promise<CourseJson> {
  requirePermission(ctx, "courses:create");
  const organizationId = tenantId(ctx);
  const defaults = readOrganizationSettings(tenantOrganization(ctx).settings).courseDefaults;
  const instructorIds = new Set(input.instructor_ids ?? []);
  // Whoever may edit only the courses they teach becomes the new course's instructor, to keep editing it.
  if (!can(ctx, "courses:update:any")) instructorIds.add(ctx.userId);
  const course = await db().$transaction(async (tx) => {
    await checkReferences(tx, organizationId, input.category_id, [...instructorIds]);
    const created = await tx.course.create({
      data: {
        organizationId,
        title: input.title,
        description: sanitizeRichText(input.description),
        categoryId: input.category_id ?? null,
        status: input.status,
        publishedAt: input.status === "published" ? new Date() : null,
        allowSelfEnrollment: input.allow_self_enrollment ?? defaults.allowSelfEnrollment,
        allowRetakes: input.allow_retakes ?? defaults.allowRetakes,
        ...courseDates(input),
        createdById: ctx.userId,
      },
      select: { id: true },
    });
    await tx.courseInstructor.createMany({
      data: [...instructorIds].map((userId) => ({ organizationId, courseId: created.id, userId })),
    });
    await audit(
      { organizationId, ...auditActor(ctx), action: "course.create", entityType: "course", entityId: created.id },
      tx,
    );
    return created;
  });
  return getCourse(ctx, course.id);
}

export async function updateCourse(
  ctx: TenantContext,
  courseId: string,
  input: UpdateCourseInput,
): Promise<CourseJson> {
  const access = await requireCourseEditor(ctx, courseId);
  const { organizationId } = access;
  const instructorIds = input.instructor_ids && [...new Set(input.instructor_ids)];
  if (instructorIds && !can(ctx, "courses:update:any") && !instructorIds.includes(ctx.userId)) {
    throw new AppError(
      "VALIDATION_FAILED",
      "You cannot remove yourself from a course you teach; ask an administrator",
      {
        fieldErrors: { instructor_ids: ["You must stay an instructor of this course"] },
      },
    );
  }
  await db().$transaction(async (tx) => {
    await checkReferences(tx, organizationId, input.category_id, instructorIds ?? []);
    await checkDatesWithStored(tx, organizationId, courseId, input);
    const data: Prisma.CourseUncheckedUpdateInput = {};
    if (input.title !== undefined) data.title = input.title;
    if (input.description !== undefined) data.description = sanitizeRichText(input.description);
    if (input.category_id !== undefined) data.categoryId = input.category_id;
    if (input.allow_self_enrollment !== undefined) data.allowSelfEnrollment = input.allow_self_enrollment;
    if (input.allow_retakes !== undefined) data.allowRetakes = input.allow_retakes;
    Object.assign(data, courseDates(input));
    if (input.status !== undefined) {
      data.status = input.status;
      if (input.status === "published" && access.status !== "published") data.publishedAt = new Date();
    }
    await tx.course.update({ where: { id: courseId, organizationId }, data });
    if (instructorIds) {
      await tx.courseInstructor.deleteMany({ where: { organizationId, courseId, userId: { notIn: instructorIds } } });
      await tx.courseInstructor.createMany({
        data: instructorIds.map((userId) => ({ organizationId, courseId, userId })),
        skipDuplicates: true,
      });
    }
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "course.update",
        entityType: "course",
        entityId: courseId,
        data: { fields: Object.keys(input) },
      },
      tx,
    );
  });
  return getCourse(ctx, courseId);
}

/** The calendar dates given (a date, or null to clear it); absent ones are left as they are. */
function courseDates(input: Pick<UpdateCourseInput, "start_date" | "end_date" | "due_date">): {
  startsOn?: Date | null;
  endsOn?: Date | null;
  dueOn?: Date | null;
} {
  const day = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : parseDate(value);
  return Object.fromEntries(
    Object.entries({ startsOn: day(input.start_date), endsOn: day(input.end_date), dueOn: day(input.due_date) }).filter(
      ([, v]) => v !== undefined,
    ),
  );
}

/** A PATCH that moves one end of the course's dates past the stored other end is refused. */
async function checkDatesWithStored(
  tx: Prisma.TransactionClient,
  organizationId: string,
  courseId: string,
  input: UpdateCourseInput,
): Promise<void> {
  if (input.start_date === undefined && input.end_date === undefined) return;
  const stored = await tx.course.findFirstOrThrow({
    where: { id: courseId, organizationId },
    select: { startsOn: true, endsOn: true },
  });
  const start = input.start_date !== undefined ? input.start_date : stored.startsOn && formatDate(stored.startsOn);
  const end = input.end_date !== undefined ? input.end_date : stored.endsOn && formatDate(stored.endsOn);
  if (start && end && end < start) {
    throw new AppError("VALIDATION_FAILED", "end_date: The end date must not be before the start date", {
      fieldErrors: { end_date: ["The end date must not be before the start date"] },
    });
  }
}

/** Deleting a course would delete learners' records with it, so a course with enrollments is archived instead. */
export async function deleteCourse(ctx: TenantContext, courseId: string): Promise<void> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const files = await db().$transaction(async (tx) => {
    const enrollments = await tx.enrollment.count({ where: { organizationId, courseId } });
    if (enrollments > 0) {
      throw new AppError(
        "CONFLICT",
        `This course has ${enrollments} enrollment${enrollments === 1 ? "" : "s"}: archive it instead, so learners' records are kept`,
      );
    }
    const course = await tx.course.findFirstOrThrow({
      where: { id: courseId, organizationId },
      select: {
        thumbnailUrl: true,
        lessons: {
          select: {
            storageKey: true,
            scormPackages: { select: { storagePrefix: true } },
            cmi5Courses: { select: { storagePrefix: true } },
          },
        },
      },
    });
    // Its events go with it (they reference the course; an organization-wide leftover would mislead).
    await tx.event.deleteMany({ where: { organizationId, courseId } });
    await tx.course.delete({ where: { id: courseId, organizationId } });
    await audit(
      { organizationId, ...auditActor(ctx), action: "course.delete", entityType: "course", entityId: courseId },
      tx,
    );
    return {
      urls: [course.thumbnailUrl],
      keys: course.lessons.map((l) => l.storageKey),
      prefixes: course.lessons.flatMap((l) => [
        ...l.scormPackages.map((p) => p.storagePrefix),
        ...l.cmi5Courses.flatMap((c) => (c.storagePrefix ? [c.storagePrefix] : [])),
      ]),
    };
  });
  await removeStoredFiles(files);
}

async function checkReferences(
  tx: Prisma.TransactionClient,
  organizationId: string,
  categoryId: string | null | undefined,
  instructorIds: string[],
) {
  if (categoryId) {
    const category = await tx.category.findFirst({ where: { id: categoryId, organizationId }, select: { id: true } });
    if (!category)
      throw new AppError("VALIDATION_FAILED", "category_id: no such category", {
        fieldErrors: { category_id: ["No such category"] },
      });
  }
  if (instructorIds.length) {
    const found = await tx.user.findMany({
      where: {
        id: { in: instructorIds },
        organizationId,
        role: { in: rolesWith("courses:update:own") },
        status: "active",
      },
      select: { id: true },
    });
    const missing = instructorIds.filter((id) => !found.some((u) => u.id === id));
    if (missing.length) {
      throw new AppError(
        "VALIDATION_FAILED",
        `instructor_ids: not an active instructor or administrator of this organization: ${missing.join(", ")}`,
        {
          fieldErrors: {
            instructor_ids: ["Only active instructors and administrators of this organization can teach"],
          },
        },
      );
    }
  }
}
