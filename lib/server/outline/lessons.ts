import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import type { CreateLessonInput, UpdateLessonInput } from "@/lib/schemas/outline";
import { audit, auditActor } from "@/lib/server/audit";
import { requireContentViewer, requireCourseEditor } from "@/lib/server/courses/access";
import { lessonJson, lessonSelect, type LessonJson } from "@/lib/server/courses/json";
import { removeStoredFiles } from "@/lib/server/courses/stored-files";
import { recomputeCourseProgress } from "@/lib/server/progress/recompute";
import { sanitizeRichText } from "@/lib/server/rich-text";
import type { TenantContext } from "@/lib/tenancy/context";

/** A lesson with its content, for its course's editors and enrolled learners. */
export async function getLesson(ctx: TenantContext, courseId: string, lessonId: string): Promise<LessonJson> {
  const { organizationId } = await requireContentViewer(ctx, courseId);
  return lessonJson(await findLesson(db(), organizationId, courseId, lessonId));
}

export async function createLesson(
  ctx: TenantContext,
  courseId: string,
  moduleId: string,
  input: CreateLessonInput,
): Promise<LessonJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  if (!isId(moduleId)) throw new AppError("NOT_FOUND", "Module not found");
  checkMediaUrl(input.kind, input.media_url);
  return db().$transaction(async (tx) => {
    const parent = await tx.module.findFirst({
      where: { id: moduleId, organizationId, courseId },
      select: { id: true },
    });
    if (!parent) throw new AppError("NOT_FOUND", "Module not found");
    const last = await tx.lesson.aggregate({ where: { organizationId, moduleId }, _max: { position: true } });
    const lesson = await tx.lesson.create({
      data: {
        organizationId,
        courseId,
        moduleId,
        title: input.title,
        kind: input.kind,
        body: sanitizeRichText(input.body, organizationId),
        mediaUrl: input.media_url ?? null,
        durationSeconds: input.duration_seconds ?? null,
        isRequired: input.is_required,
        position: (last._max.position ?? 0) + 1,
      },
      select: lessonSelect,
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "lesson.create",
        entityType: "lesson",
        entityId: lesson.id,
        data: { courseId },
      },
      tx,
    );
    // A new lesson is one more to do: learners' percentages follow the course.
    await recomputeCourseProgress(tx, organizationId, courseId);
    return lessonJson(lesson);
  });
}

export async function updateLesson(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  input: UpdateLessonInput,
): Promise<LessonJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const { lesson, replacedKey } = await db().$transaction(async (tx) => {
    const current = await findLesson(tx, organizationId, courseId, lessonId);
    if (input.media_url !== undefined) checkMediaUrl(current.kind, input.media_url);
    const data: Prisma.LessonUncheckedUpdateInput = {
      title: input.title,
      body: input.body === undefined ? undefined : sanitizeRichText(input.body, organizationId),
      durationSeconds: input.duration_seconds,
      isRequired: input.is_required,
    };
    // A URL replaces an uploaded file: the video now plays from the URL.
    if (input.media_url !== undefined)
      Object.assign(data, {
        mediaUrl: input.media_url,
        storageKey: null,
        fileName: null,
        fileSize: null,
        mimeType: null,
      });
    const updated = await tx.lesson.update({
      where: { id: lessonId, organizationId, courseId },
      data,
      select: lessonSelect,
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "lesson.update",
        entityType: "lesson",
        entityId: lessonId,
        data: { fields: Object.keys(input) },
      },
      tx,
    );
    if (input.is_required !== undefined && input.is_required !== current.isRequired)
      await recomputeCourseProgress(tx, organizationId, courseId);
    return { lesson: updated, replacedKey: input.media_url !== undefined ? current.storageKey : null };
  });
  await removeStoredFiles({ keys: [replacedKey] });
  return lessonJson(lesson);
}

export async function deleteLesson(ctx: TenantContext, courseId: string, lessonId: string): Promise<void> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const files = await db().$transaction(async (tx) => {
    const lesson = await findLesson(tx, organizationId, courseId, lessonId);
    const packages = await tx.scormPackage.findMany({
      where: { organizationId, lessonId },
      select: { storagePrefix: true },
    });
    const cmi5Courses = await tx.cmi5Course.findMany({
      where: { organizationId, lessonId, storagePrefix: { not: null } },
      select: { storagePrefix: true },
    });
    await tx.lesson.delete({ where: { id: lessonId, organizationId, courseId } });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "lesson.delete",
        entityType: "lesson",
        entityId: lessonId,
        data: { courseId },
      },
      tx,
    );
    await recomputeCourseProgress(tx, organizationId, courseId);
    return {
      keys: [lesson.storageKey],
      prefixes: [...packages.map((p) => p.storagePrefix), ...cmi5Courses.map((c) => c.storagePrefix!)],
    };
  });
  await removeStoredFiles(files);
}

export async function findLesson(
  client: Prisma.TransactionClient,
  organizationId: string,
  courseId: string,
  lessonId: string,
) {
  if (!isId(lessonId)) throw new AppError("NOT_FOUND", "Lesson not found");
  const lesson = await client.lesson.findFirst({
    where: { id: lessonId, organizationId, courseId },
    select: lessonSelect,
  });
  if (!lesson) throw new AppError("NOT_FOUND", "Lesson not found");
  return lesson;
}

function checkMediaUrl(kind: string, mediaUrl: string | null | undefined) {
  if (mediaUrl && kind !== "video") {
    throw new AppError("VALIDATION_FAILED", "media_url: only video lessons take a URL; upload the file instead", {
      fieldErrors: { media_url: ["Only video lessons take a URL"] },
    });
  }
}
