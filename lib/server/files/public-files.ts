import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import { storedFileHeaders } from "@/lib/security-headers";
import { loadCourseAccess } from "@/lib/server/courses/access";
import { contentTypeFor } from "@/lib/storage/content-type";
import { CONTENT_IMAGES_FOLDER, isContentImageName } from "@/lib/content-images";
import { publicUrl } from "@/lib/storage/keys";
import { readObject } from "@/lib/storage/store";
import { isSignedIn, type RequestContext } from "@/lib/tenancy/context";

// GET /uploads/{key}: only what is meant to be public, and only on its own organization's host.
//   avatars/{organizationId | "platform"}/…  a user's picture (the top bar, messages): public
//   logos/{organizationId}/…                 an organization's branding: public, on its host and on the apex
//                                            (where the superadmin manages every organization)
//   thumbnails/{organizationId}/{courseId}-… the picture of a published course: public; of a draft or
//                                            archived course, only for those who may see the course
//   content-images/{organizationId}/{uuid}.webp  an image in rich text (lessons, questions): only to the
//                                            organization's signed-in members, on its host; its key never
//                                            changes, so it is cached for good, privately
// Lesson files have their access-checked media route and SCORM packages theirs (/uploads/scorm/…);
// every other key is a 404, as is a key of another organization.

const FOREVER = "public, max-age=31536000, immutable";
const PRIVATE_FOREVER = "private, max-age=31536000, immutable";
const NOT_FOUND = () => new AppError("NOT_FOUND", "File not found");

export async function publicFileResponse(ctx: RequestContext, segments: string[]): Promise<Response> {
  const [kind, owner, name] = segments;
  if (segments.length !== 3 || !kind || !owner || !name) throw NOT_FOUND();
  const key = segments.join("/");
  if (kind === "avatars" && owner === (ctx.organizationId ?? "platform")) return fileResponse(key, FOREVER);
  if (kind === "logos" && (owner === ctx.organizationId || ctx.organizationId === null))
    return fileResponse(key, FOREVER);
  if (kind === "thumbnails" && owner === ctx.organizationId) return thumbnailResponse(ctx, key, name);
  if (kind === CONTENT_IMAGES_FOLDER && owner === ctx.organizationId && isSignedIn(ctx) && isContentImageName(name))
    return fileResponse(key, PRIVATE_FOREVER);
  throw NOT_FOUND();
}

/** A course's current thumbnail: public while the course is published, else only for those who see the course. */
async function thumbnailResponse(ctx: RequestContext, key: string, name: string): Promise<Response> {
  const courseId = name.slice(0, 36);
  if (!isId(courseId)) throw NOT_FOUND();
  const course = await db().course.findFirst({
    where: { id: courseId, organizationId: ctx.organizationId!, thumbnailUrl: publicUrl(key) },
    select: { status: true },
  });
  if (!course) throw NOT_FOUND();
  if (course.status === "published") return fileResponse(key, "public, max-age=86400");
  if (!isSignedIn(ctx)) throw NOT_FOUND();
  await loadCourseAccess(ctx, courseId);
  return fileResponse(key, "private, max-age=3600");
}

/** Our own re-encoded images; should any other key get here, storedFileHeaders makes it a download. */
async function fileResponse(key: string, cacheControl: string): Promise<Response> {
  const object = await readObject(key);
  const headers = new Headers({ "content-length": String(object.size), "cache-control": cacheControl });
  for (const { key: name, value } of storedFileHeaders({
    contentType: contentTypeFor(key),
    fileName: key.split("/").pop(),
  }))
    headers.set(name, value);
  return new Response(object.stream(), { headers });
}
