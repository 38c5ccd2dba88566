import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { requireContentViewer } from "@/lib/server/courses/access";
import { isId } from "@/lib/schemas/id";
import { rangedResponse } from "@/lib/storage/byte-range";
import { contentTypeFor } from "@/lib/storage/content-type";
import { readObject } from "@/lib/storage/local-storage";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// The extracted files of a SCORM package, same-origin below /uploads/scorm/{packageId}/ (the SCO must
// reach the player's API object synchronously). Only the course's editors and enrolled learners of the
// package's own organization read them; a package of another tenant is a 404.

/** GET/HEAD /uploads/scorm/{packageId}/{…path}: `segments` are the decoded path segments (no query string). */
export async function scormFileResponse(ctx: TenantContext, packageId: string, segments: string[], rangeHeader: string | null, head: boolean): Promise<Response> {
  const organizationId = tenantId(ctx);
  if (!isId(packageId) || !segments.length) throw new AppError("NOT_FOUND", "File not found");
  const pkg = await db().scormPackage.findFirst({
    where: { id: packageId, organizationId },
    select: { storagePrefix: true, lesson: { select: { courseId: true } } },
  });
  if (!pkg) throw new AppError("NOT_FOUND", "File not found");
  await requireContentViewer(ctx, pkg.lesson.courseId);
  const object = await readObject(`${pkg.storagePrefix}/${segments.map((s) => s.normalize("NFC")).join("/")}`);
  const headers = new Headers({
    "content-type": contentTypeFor(segments.at(-1)!),
    // A package's files never change under its id (a re-upload is a new package).
    "cache-control": "private, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    "last-modified": object.modifiedAt.toUTCString(),
  });
  return rangedResponse(object, rangeHeader, headers, head);
}
