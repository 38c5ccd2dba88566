import "server-only";
import { AppError } from "@/lib/errors";
import { scormContentHeaders } from "@/lib/security-headers";
import { requireActiveGrant, type ContentRequest } from "@/lib/server/scorm/content-host";
import { rangedResponse } from "@/lib/storage/byte-range";
import { contentTypeFor } from "@/lib/storage/content-type";
import { readObject } from "@/lib/storage/store";

// The extracted files of a SCORM package, on the organization's content host below
// /scorm/files/{token}/: the runtime page there frames them, on their own origin, so the SCO finds the
// runtime's API object synchronously; no session ever reaches that host. The token grants one package
// (lib/server/scorm/content-host.ts); a file of any other package, a bad or expired token, or another
// organization's token is a 404.

/** GET/HEAD /scorm/files/{token}/{…path}: `segments` are the decoded path segments (no query string). */
export async function scormFileResponse(
  req: ContentRequest,
  token: string,
  segments: string[],
  conditions: { range: string | null; ifNoneMatch: string | null },
  head: boolean,
): Promise<Response> {
  if (!segments.length) throw new AppError("NOT_FOUND", "File not found");
  const { storagePrefix, appOrigin } = await requireActiveGrant(req, token);
  return storedFileResponse(storagePrefix, segments, appOrigin, conditions, head);
}

/**
 * A file of a stored content version (a SCORM package, a cmi5 course) on the content host: its files never
 * change under their version's id (a re-upload is a new version) and the URL holds the token, so they are
 * cached for good; conditional and ranged requests are answered.
 */
export async function storedFileResponse(
  storagePrefix: string,
  segments: string[],
  appOrigin: string,
  conditions: { range: string | null; ifNoneMatch: string | null },
  head: boolean,
): Promise<Response> {
  const object = await readObject(`${storagePrefix}/${segments.map((s) => s.normalize("NFC")).join("/")}`);
  const headers = new Headers({
    "content-type": contentTypeFor(segments.at(-1)!),
    "cache-control": "private, max-age=31536000, immutable",
    "last-modified": object.modifiedAt.toUTCString(),
    etag: object.etag,
  });
  for (const { key, value } of scormContentHeaders(appOrigin)) headers.set(key, value);
  if (conditions.ifNoneMatch?.split(",").some((tag) => tag.trim() === object.etag))
    return new Response(null, { status: 304, headers });
  return rangedResponse(object, conditions.range, headers, head);
}
