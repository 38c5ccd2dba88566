import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { CreateModuleInput, UpdateModuleInput } from "@/lib/schemas/outline";
import { isId } from "@/lib/schemas/id";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import { moduleJson, moduleSelect, type ModuleJson } from "@/lib/server/courses/json";
import { removeStoredFiles } from "@/lib/server/courses/stored-files";
import { recomputeCourseProgress } from "@/lib/server/progress/recompute";
import type { TenantContext } from "@/lib/tenancy/context";

export async function createModule(
  ctx: TenantContext,
  courseId: string,
  input: CreateModuleInput,
): Promise<ModuleJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  return db().$transaction(async (tx) => {
    const last = await tx.module.aggregate({ where: { organizationId, courseId }, _max: { position: true } });
    const created = await tx.module.create({
      data: {
        organizationId,
        courseId,
        title: input.title,
        description: input.description,
        position: (last._max.position ?? 0) + 1,
      },
      select: moduleSelect,
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "module.create",
        entityType: "module",
        entityId: created.id,
        data: { courseId },
      },
      tx,
    );
    return moduleJson(created);
  });
}

export async function updateModule(
  ctx: TenantContext,
  courseId: string,
  moduleId: string,
  input: UpdateModuleInput,
): Promise<ModuleJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  if (!isId(moduleId)) throw new AppError("NOT_FOUND", "Module not found");
  return db().$transaction(async (tx) => {
    const updated = await tx.module.update({
      where: { id: moduleId, organizationId, courseId },
      data: { title: input.title, description: input.description },
      select: moduleSelect,
    });
    await audit(
      { organizationId, ...auditActor(ctx), action: "module.update", entityType: "module", entityId: moduleId },
      tx,
    );
    return moduleJson(updated);
  });
}

/** Deletes the module and its lessons (their uploaded files go after the commit). */
export async function deleteModule(ctx: TenantContext, courseId: string, moduleId: string): Promise<void> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  if (!isId(moduleId)) throw new AppError("NOT_FOUND", "Module not found");
  const files = await db().$transaction(async (tx) => {
    const lessons = await tx.lesson.findMany({
      where: { organizationId, courseId, moduleId },
      select: {
        storageKey: true,
        scormPackages: { select: { storagePrefix: true } },
        cmi5Courses: { select: { storagePrefix: true } },
      },
    });
    await tx.module.delete({ where: { id: moduleId, organizationId, courseId } });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "module.delete",
        entityType: "module",
        entityId: moduleId,
        data: { courseId, lessons: lessons.length },
      },
      tx,
    );
    if (lessons.length) await recomputeCourseProgress(tx, organizationId, courseId);
    return {
      keys: lessons.map((l) => l.storageKey),
      prefixes: lessons.flatMap((l) => [
        ...l.scormPackages.map((p) => p.storagePrefix),
        ...l.cmi5Courses.flatMap((c) => (c.storagePrefix ? [c.storagePrefix] : [])),
      ]),
    };
  });
  await removeStoredFiles(files);
}
