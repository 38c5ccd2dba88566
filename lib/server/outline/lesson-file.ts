import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { audit, auditActor } from "@/lib/server/audit";
import { requireContentViewer, requireCourseEditor } from "@/lib/server/courses/access";
import { lessonJson, lessonSelect, type LessonJson } from "@/lib/server/courses/json";
import { removeStoredFiles } from "@/lib/server/courses/stored-files";
import { findLesson } from "@/lib/server/outline/lessons";
import { formatBytes } from "@/lib/format-bytes";
import type { UploadStream } from "@/lib/http";
import { storedFileHeaders } from "@/lib/security-headers";
import { rangedResponse } from "@/lib/storage/byte-range";
import { deleteObject, putObjectStream, readObject } from "@/lib/storage/store";
import type { TenantContext } from "@/lib/tenancy/context";

// Uploaded video and file lessons. Their bytes are served only through the access-checked media route.

const VIDEO_TYPES: { type: string; matches: (b: Buffer) => boolean }[] = [
  { type: "video/webm", matches: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) },
  { type: "video/mp4", matches: (b) => b.subarray(4, 8).toString("latin1") === "ftyp" },
  { type: "video/ogg", matches: (b) => b.subarray(0, 4).toString("latin1") === "OggS" },
];

/**
 * PUT …/lessons/{lessonId}/file. The upload is opened only once the caller is known to edit the course,
 * then streamed to storage (never held in memory), its size limit enforced on the way.
 */
export async function setLessonFile(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  openUpload: () => Promise<UploadStream>,
): Promise<LessonJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const current = await findLesson(db(), organizationId, courseId, lessonId);
  if (current.kind !== "video" && current.kind !== "file") {
    throw new AppError("BAD_REQUEST", "Only video and file lessons take an uploaded file");
  }
  const upload = await openUpload();
  const key = `lessons/${organizationId}/${lessonId}-${randomUUID()}`;
  const maxBytes = env.LESSON_FILE_MAX_BYTES;
  const tooLarge = () =>
    new AppError("PAYLOAD_TOO_LARGE", `The file must be at most ${formatBytes(maxBytes)}`, {
      fieldErrors: { file: ["File too large"] },
    });
  const size = await putObjectStream(key, upload.stream, { maxBytes, tooLarge });
  // Videos are recognised by their bytes, so the player is never handed something it cannot play.
  const head = size > 0 ? await firstBytes(key) : Buffer.alloc(0);
  const videoType = VIDEO_TYPES.find((t) => t.matches(head))?.type;
  if (size === 0 || (current.kind === "video" && !videoType)) {
    await deleteObject(key);
    if (size === 0)
      throw new AppError("VALIDATION_FAILED", "file: a non-empty file is required", {
        fieldErrors: { file: ["A file is required"] },
      });
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The video must be an MP4, WebM or Ogg file", {
      fieldErrors: { file: ["Unsupported video type"] },
    });
  }
  // The name is shown and sent back in Content-Disposition: printable, well-formed text only.
  const fileName =
    upload.fileName
      .toWellFormed()
      .replace(/[\u0000-\u001f\u007f\\/"]/g, "_")
      .slice(0, 255) || "download";
  const mimeType = current.kind === "video" ? videoType! : upload.mimeType || "application/octet-stream";
  const lesson = await db().$transaction(async (tx) => {
    const updated = await tx.lesson.update({
      where: { id: lessonId, organizationId, courseId },
      data: { storageKey: key, mediaUrl: null, fileName, fileSize: BigInt(size), mimeType },
      select: lessonSelect,
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "lesson.file.set",
        entityType: "lesson",
        entityId: lessonId,
        data: { fileName, size },
      },
      tx,
    );
    return updated;
  });
  await removeStoredFiles({ keys: [current.storageKey] });
  return lessonJson(lesson);
}

/** The first 16 bytes of a stored file: enough for the video signatures above. */
async function firstBytes(key: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of (await readObject(key)).stream({
    start: 0,
    end: 15,
  }) as unknown as AsyncIterable<Uint8Array>)
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The uploaded bytes of a lesson for whoever may view it, honouring one HTTP Range (video seeking). */
export async function lessonMediaResponse(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  rangeHeader: string | null,
): Promise<Response> {
  const { organizationId } = await requireContentViewer(ctx, courseId);
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  if (!lesson.storageKey) throw new AppError("NOT_FOUND", "This lesson has no uploaded file");
  const object = await readObject(lesson.storageKey);
  const headers = new Headers({
    "cache-control": "private, max-age=3600",
    "last-modified": object.modifiedAt.toUTCString(),
    etag: object.etag,
  });
  // A video plays inline under the type its bytes were recognised as. A file lesson is always a download
  // (the lesson page offers it as one): whatever it is, an uploaded HTML or SVG file never renders as a
  // page of ours, and the type its uploader declared is never trusted.
  const file =
    lesson.kind === "video"
      ? { contentType: lesson.mimeType ?? "" }
      : { contentType: "application/octet-stream", fileName: lesson.fileName, download: true };
  for (const { key, value } of storedFileHeaders(file)) headers.set(key, value);
  return rangedResponse(object, rangeHeader, headers);
}
