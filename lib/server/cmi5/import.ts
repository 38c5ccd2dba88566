import "server-only";
import { rm } from "node:fs/promises";
import { v7 as uuidV7 } from "uuid";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { Cmi5Invalid, parseCourseStructure, type Cmi5Structure } from "@/lib/cmi5/course-structure";
import { checkPackage, extractPackage, packageLimits, type PackageLimits } from "@/lib/scorm/package-check";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import { findLesson } from "@/lib/server/outline/lessons";
import { receiveZip } from "@/lib/server/scorm/import";
import { cmi5CourseJson, type Cmi5CourseJson } from "@/lib/server/cmi5/json";
import { isValidKey } from "@/lib/storage/keys";
import { deletePrefix, putObjectStream } from "@/lib/storage/store";
import type { TenantContext } from "@/lib/tenancy/context";

// Importing a cmi5 course as a new version of a cmi5 lesson (cmi5 section 14): a zip with cmi5.xml at its
// root (checked and extracted as a SCORM package is, below cmi5/{courseId}/), or a bare cmi5.xml whose AUs
// all live at absolute URLs. A package the spec refuses is a 400 naming the rule; nothing is kept.

const ZIP_TYPES = ["application/zip", "application/x-zip-compressed", "application/octet-stream"];
const XML_TYPES = ["text/xml", "application/xml"];
const XML_MAX_BYTES = 10 * 1024 * 1024;
export const CMI5_MANIFEST = "cmi5.xml";

export const cmi5StoragePrefix = (courseId: string) => `cmi5/${courseId}`;

function invalid(error: unknown): never {
  if (error instanceof Cmi5Invalid)
    throw new AppError("BAD_REQUEST", `${error.message} (cmi5 requirement ${error.requirement})`);
  throw error;
}

async function readXml(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > XML_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "cmi5.xml is larger than 10 MB.");
  const text = await req.text();
  if (Buffer.byteLength(text) > XML_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", "cmi5.xml is larger than 10 MB.");
  if (!text.trim()) throw new AppError("BAD_REQUEST", "The request body is empty: send the course's cmi5.xml.");
  return text;
}

/** PUT …/lessons/{lessonId}/cmi5: the body is the zip (application/zip) or cmi5.xml (text/xml). */
export async function importCmi5Course(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  req: Request,
  limits: PackageLimits = packageLimits(),
): Promise<Cmi5CourseJson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  if (lesson.kind !== "cmi5") throw new AppError("BAD_REQUEST", "Only lessons of kind cmi5 take a cmi5 course");
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const id = uuidV7();
  if (XML_TYPES.includes(type)) {
    let structure: Cmi5Structure;
    try {
      structure = parseCourseStructure(await readXml(req), null);
    } catch (error) {
      invalid(error);
    }
    return save(ctx, organizationId, lessonId, id, structure, null);
  }
  if (!ZIP_TYPES.includes(type))
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send a cmi5 course as application/zip (a package with cmi5.xml at its root) or as text/xml (a cmi5.xml whose AUs are at absolute URLs).",
    );
  const zipPath = await receiveZip(req, limits.maxBytes);
  const prefix = cmi5StoragePrefix(id);
  try {
    const checked = await checkPackage(zipPath, limits, CMI5_MANIFEST);
    let structure: Cmi5Structure;
    try {
      structure = parseCourseStructure(
        checked.manifestXml,
        checked.files.map((f) => f.path.normalize("NFC")),
      );
    } catch (error) {
      invalid(error);
    }
    const badName = checked.files.find((f) => !isValidKey(`${prefix}/${f.path.normalize("NFC")}`));
    if (badName)
      throw new AppError(
        "BAD_REQUEST",
        `The package contains a file name that cannot be stored: ${JSON.stringify(badName.path)}.`,
      );
    await extractPackage(
      zipPath,
      (name, data) => putObjectStream(`${prefix}/${name.normalize("NFC")}`, data).then(() => undefined),
      limits,
    );
    return await save(ctx, organizationId, lessonId, id, structure, prefix);
  } catch (error) {
    await deletePrefix(prefix).catch(() => undefined);
    throw error;
  } finally {
    await rm(zipPath, { force: true });
  }
}

async function save(
  ctx: TenantContext,
  organizationId: string,
  lessonId: string,
  id: string,
  structure: Cmi5Structure,
  storagePrefix: string | null,
): Promise<Cmi5CourseJson> {
  return db().$transaction(async (tx) => {
    const latest = await tx.cmi5Course.aggregate({ where: { organizationId, lessonId }, _max: { version: true } });
    const created = await tx.cmi5Course.create({
      data: {
        id,
        organizationId,
        lessonId,
        version: (latest._max.version ?? 0) + 1,
        publisherId: structure.course.id,
        title: (structure.course.title || "cmi5 course").slice(0, 500),
        storagePrefix,
        structure: structure as unknown as Prisma.InputJsonValue,
        auCount: structure.aus.length,
        uploadedById: ctx.userId,
      },
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "lesson.cmi5.upload",
        entityType: "lesson",
        entityId: lessonId,
        data: { cmi5CourseId: id, version: created.version, aus: structure.aus.length },
      },
      tx,
    );
    return cmi5CourseJson(created);
  });
}
