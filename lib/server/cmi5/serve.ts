import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { readContentAccess, type ContentRequest } from "@/lib/server/scorm/content-host";
import { storedFileResponse } from "@/lib/server/scorm/serve";

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
  return storedFileResponse(course.storagePrefix, segments, appOrigin, conditions, head);
}
