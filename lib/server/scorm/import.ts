import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import { findLesson } from "@/lib/server/outline/lessons";
import { scormPackageSummary, scormPackageSummarySelect, type ScormPackageSummary } from "@/lib/server/scorm/json";
import { v7 as uuidV7 } from "uuid";
import { parseManifest } from "@/lib/scorm/manifest";
import {
  checkPackage,
  extractPackage,
  packageLimits,
  packageTooLargeMessage,
  type PackageLimits,
} from "@/lib/scorm/package-check";
import { scoList } from "@/lib/scorm/sco-list";
import { byteLimit } from "@/lib/storage/byte-limit";
import { isValidKey } from "@/lib/storage/keys";
import { deletePrefix, putObjectStream } from "@/lib/storage/store";
import type { TenantContext } from "@/lib/tenancy/context";

// Uploading a SCORM package as a new version of a scorm lesson: the body is streamed to a temporary
// file (the size limit enforced on the way), checked, its manifest parsed, its files extracted below
// scorm/{packageId}/, and only then the ScormPackage row written. Any failure removes all of it.
// Earlier versions stay, files and rows: attempts continue on the version they started on.

const ZIP_TYPES = ["application/zip", "application/x-zip-compressed", "application/octet-stream"];

export interface ImportedPackage extends ScormPackageSummary {
  warnings: string[];
  size_bytes: number;
  file_count: number;
  launch_path: string;
}

export const scormStoragePrefix = (packageId: string) => `scorm/${packageId}`;

/** Streams a request body to a temporary file, refusing it (413) as soon as it passes the limit. */
export async function receiveZip(req: Request, maxBytes: number): Promise<string> {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!ZIP_TYPES.includes(type)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the package as the raw request body with Content-Type application/zip.",
    );
  }
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", packageTooLargeMessage(maxBytes));
  if (!req.body || declared === 0)
    throw new AppError("BAD_REQUEST", "The request body is empty: send the package's .zip file.");
  const file = path.join(tmpdir(), `scorm-upload-${randomUUID()}.zip`);
  let received = 0;
  const body = Readable.fromWeb(req.body as NodeReadableStream<Uint8Array>).on(
    "data",
    (chunk: Buffer) => (received += chunk.length),
  );
  try {
    await pipeline(
      body,
      byteLimit(maxBytes, () => new AppError("PAYLOAD_TOO_LARGE", packageTooLargeMessage(maxBytes))),
      createWriteStream(file, { flags: "wx" }),
    );
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError("BAD_REQUEST", "The upload was interrupted before the whole package arrived.", { cause: error });
  }
  if (received === 0) {
    await rm(file, { force: true });
    throw new AppError("BAD_REQUEST", "The request body is empty: send the package's .zip file.");
  }
  return file;
}

async function requireScormLesson(ctx: TenantContext, courseId: string, lessonId: string) {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  if (lesson.kind !== "scorm") throw new AppError("BAD_REQUEST", "Only lessons of kind scorm take a SCORM package");
  return { organizationId, lesson };
}

/** PUT …/lessons/{lessonId}/scorm: the request body is the .zip. */
export async function importScormPackage(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  req: Request,
  limits: PackageLimits = packageLimits(),
): Promise<ImportedPackage> {
  const { organizationId } = await requireScormLesson(ctx, courseId, lessonId);
  const zipPath = await receiveZip(req, limits.maxBytes);
  const packageId = uuidV7();
  const prefix = scormStoragePrefix(packageId);
  try {
    const checked = await checkPackage(zipPath, limits);
    const { manifest, warnings } = parseManifest(
      checked.manifestXml,
      checked.files.map((f) => f.path),
    );
    const badName = checked.files.find((f) => !isValidKey(`${prefix}/${f.path.normalize("NFC")}`));
    if (badName)
      throw new AppError(
        "BAD_REQUEST",
        `The package contains a file name that cannot be stored: ${JSON.stringify(badName.path)}.`,
      );
    const scos = scoList(manifest);
    const first = scos[0];
    if (!first)
      throw new AppError("BAD_REQUEST", "The package has no visible item that launches: there is nothing to play.");
    const { fileCount } = await extractPackage(
      zipPath,
      (name, data) => putObjectStream(`${prefix}/${name.normalize("NFC")}`, data).then(() => undefined),
      limits,
    );
    const row = await db().$transaction(async (tx) => {
      const latest = await tx.scormPackage.aggregate({ where: { organizationId, lessonId }, _max: { version: true } });
      const created = await tx.scormPackage.create({
        data: {
          id: packageId,
          organizationId,
          lessonId,
          version: (latest._max.version ?? 0) + 1,
          scormVersion: manifest.version,
          title: manifest.title.slice(0, 500),
          storagePrefix: prefix,
          launchPath: first.launch,
          manifest: manifest as unknown as Prisma.InputJsonValue,
          sizeBytes: BigInt(checked.sizeBytes),
          fileCount,
          scoCount: scos.length,
          uploadedById: ctx.userId,
        },
        select: scormPackageSummarySelect,
      });
      await audit(
        {
          organizationId,
          ...auditActor(ctx),
          action: "lesson.scorm.upload",
          entityType: "lesson",
          entityId: lessonId,
          data: { packageId, version: created.version, size: checked.sizeBytes, files: fileCount },
        },
        tx,
      );
      return created;
    });
    return {
      ...scormPackageSummary(row),
      warnings,
      size_bytes: checked.sizeBytes,
      file_count: fileCount,
      launch_path: first.launch,
    };
  } catch (error) {
    await deletePrefix(prefix).catch(() => undefined);
    throw error;
  } finally {
    await rm(zipPath, { force: true });
  }
}
