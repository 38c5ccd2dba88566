import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { scormContentHeaders } from "@/lib/security-headers";
import { readContentAccess, type ContentRequest } from "@/lib/server/scorm/content-host";
import { rangedResponse } from "@/lib/storage/byte-range";
import { contentTypeFor } from "@/lib/storage/content-type";
import { readObject } from "@/lib/storage/store";

// A packaged cmi5 course's files, on the organization's content host below /cmi5/files/{token}/, exactly
// as a SCORM package's (lib/server/scorm/serve.ts): the token names the course version and the viewer who
// launched; a bad, expired or another organization's token, or any other course's file, is a 404.

export async function cmi5FileResponse(
  req: ContentRequest,
  token: string,
  segments: string[],
  conditions: { range: string | null; ifNoneMatch: string | null },
  head: boolean,
): Promise<Response> {
  const notFound = new AppError("NOT_FOUND", "File not found");
  if (!segments.length) throw notFound;
  const { grant, subdomain, appOrigin } = readContentAccess(req, token);
  const course = await db().cmi5Course.findFirst({
    where: {
      id: grant.packageId,
      organizationId: grant.organizationId,
      organization: { subdomain, status: "active", users: { some: { id: grant.userId, status: "active" } } },
    },
    select: { storagePrefix: true },
  });
  if (!course?.storagePrefix) throw notFound;
  const object = await readObject(`${course.storagePrefix}/${segments.map((s) => s.normalize("NFC")).join("/")}`);
  const headers = new Headers({
    "content-type": contentTypeFor(segments.at(-1)!),
    // A course version's files never change under its id (a re-import is a new version).
    "cache-control": "private, max-age=31536000, immutable",
    "last-modified": object.modifiedAt.toUTCString(),
    etag: object.etag,
  });
  for (const { key, value } of scormContentHeaders(appOrigin)) headers.set(key, value);
  if (conditions.ifNoneMatch?.split(",").some((tag) => tag.trim() === object.etag))
    return new Response(null, { status: 304, headers });
  return rangedResponse(object, conditions.range, headers, head);
}
