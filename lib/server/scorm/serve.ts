import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { requireContentViewer } from "@/lib/server/courses/access";
import { isId } from "@/lib/schemas/id";
import { rangedResponse } from "@/lib/storage/byte-range";
import { readObject } from "@/lib/storage/local-storage";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// The extracted files of a SCORM package, same-origin below /uploads/scorm/{packageId}/ (the SCO must
// reach the player's API object synchronously). Only the course's editors and enrolled learners of the
// package's own organization read them; a package of another tenant is a 404.

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  xhtml: "application/xhtml+xml; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  xsd: "application/xml; charset=utf-8",
  dtd: "application/xml-dtd; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  vtt: "text/vtt; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  ico: "image/x-icon",
  bmp: "image/bmp",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  ogv: "video/ogg",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  eot: "application/vnd.ms-fontobject",
  pdf: "application/pdf",
  swf: "application/x-shockwave-flash",
  wasm: "application/wasm",
  zip: "application/zip",
};

export function scormMimeType(filePath: string): string {
  const name = filePath.split("/").pop() ?? "";
  const extension = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  return TYPES[extension] ?? "application/octet-stream";
}

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
    "content-type": scormMimeType(segments.at(-1)!),
    // A package's files never change under its id (a re-upload is a new package).
    "cache-control": "private, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    "last-modified": object.modifiedAt.toUTCString(),
  });
  return rangedResponse(object, rangeHeader, headers, head);
}
