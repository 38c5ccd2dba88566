import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import type { ReorderOutlineInput } from "@/lib/schemas/outline";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import type { OutlineJson } from "@/lib/server/courses/json";
import { readOutline } from "@/lib/server/courses/outline-read";
import type { TenantContext } from "@/lib/tenancy/context";

/**
 * Saves a whole new order of modules and lessons in one transaction (lessons may change module). The
 * request must name exactly the course's current modules and lessons: an outline edited meanwhile by
 * someone else is a conflict, never a silent merge.
 */
export async function reorderOutline(
  ctx: TenantContext,
  courseId: string,
  input: ReorderOutlineInput,
): Promise<OutlineJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const moduleIds = input.modules.map((m) => m.id);
  const lessonIds = input.modules.flatMap((m) => m.lesson_ids);
  if (new Set(moduleIds).size !== moduleIds.length || new Set(lessonIds).size !== lessonIds.length) {
    throw new AppError("VALIDATION_FAILED", "modules: every module and lesson may appear only once", {
      fieldErrors: { modules: ["Duplicate module or lesson"] },
    });
  }
  await db().$transaction(async (tx) => {
    // Serializes concurrent reorders of one course; each then sees the other's result.
    await queryRows(
      Prisma.sql`SELECT 1 FROM "Course" WHERE "id" = ${courseId}::uuid AND "organizationId" = ${organizationId}::uuid FOR UPDATE`,
      tx,
    );
    // One after the other: a transaction is one connection, which runs one statement at a time.
    const modules = await tx.module.findMany({ where: { organizationId, courseId }, select: { id: true } });
    const lessons = await tx.lesson.findMany({ where: { organizationId, courseId }, select: { id: true } });
    if (
      !sameSet(
        moduleIds,
        modules.map((m) => m.id),
      ) ||
      !sameSet(
        lessonIds,
        lessons.map((l) => l.id),
      )
    ) {
      throw new AppError("CONFLICT", "The outline changed since it was loaded: reload the page and try again");
    }
    const lessonModules = input.modules.flatMap((m) => m.lesson_ids.map(() => m.id));
    const lessonPositions = input.modules.flatMap((m) => m.lesson_ids.map((_, index) => index + 1));
    await queryRows(
      Prisma.sql`UPDATE "Module" AS m SET "position" = v.position, "updatedAt" = now()
      FROM unnest(${moduleIds}::uuid[], ${moduleIds.map((_, i) => i + 1)}::int[]) AS v(id, position)
      WHERE m."id" = v.id AND m."organizationId" = ${organizationId}::uuid AND m."courseId" = ${courseId}::uuid`,
      tx,
    );
    if (lessonIds.length) {
      await queryRows(
        Prisma.sql`UPDATE "Lesson" AS l SET "moduleId" = v.module_id, "position" = v.position, "updatedAt" = now()
        FROM unnest(${lessonIds}::uuid[], ${lessonModules}::uuid[], ${lessonPositions}::int[]) AS v(id, module_id, position)
        WHERE l."id" = v.id AND l."organizationId" = ${organizationId}::uuid AND l."courseId" = ${courseId}::uuid`,
        tx,
      );
    }
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "course.outline.reorder",
        entityType: "course",
        entityId: courseId,
      },
      tx,
    );
  });
  return readOutline(organizationId, courseId);
}

function sameSet(a: string[], b: string[]): boolean {
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
}
