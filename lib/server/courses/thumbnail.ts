import "server-only";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import type { CourseJson } from "@/lib/server/courses/json";
import { getCourse } from "@/lib/server/courses/queries";
import { removeStoredFiles } from "@/lib/server/courses/stored-files";
import { readUploadedImage } from "@/lib/server/uploaded-image";
import { putObject } from "@/lib/storage/store";
import type { TenantContext } from "@/lib/tenancy/context";

/** Stores a checked thumbnail as a 640×360 WebP under a new key (served URLs are immutable), replacing any old one. */
export async function setCourseThumbnail(ctx: TenantContext, courseId: string, file: File): Promise<CourseJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const input = await readUploadedImage(file, env.THUMBNAIL_MAX_BYTES, "thumbnail");
  const output = await sharp(input, { animated: false })
    .rotate()
    .resize(640, 360, { fit: "cover" })
    .webp({ quality: 82 })
    .toBuffer();
  const url = await putObject(`thumbnails/${organizationId}/${courseId}-${randomUUID()}.webp`, output);
  await replaceThumbnail(ctx, organizationId, courseId, url);
  return getCourse(ctx, courseId);
}

export async function removeCourseThumbnail(ctx: TenantContext, courseId: string): Promise<CourseJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  await replaceThumbnail(ctx, organizationId, courseId, null);
  return getCourse(ctx, courseId);
}

async function replaceThumbnail(ctx: TenantContext, organizationId: string, courseId: string, url: string | null) {
  const previous = await db().$transaction(async (tx) => {
    const course = await tx.course.findFirstOrThrow({
      where: { id: courseId, organizationId },
      select: { thumbnailUrl: true },
    });
    await tx.course.update({ where: { id: courseId, organizationId }, data: { thumbnailUrl: url } });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: url ? "course.thumbnail.set" : "course.thumbnail.remove",
        entityType: "course",
        entityId: courseId,
      },
      tx,
    );
    return course.thumbnailUrl;
  });
  await removeStoredFiles({ urls: [previous] });
}
