import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { storeContentImage } from "@/lib/server/content-images/store-content-image";
import { readUploadedImage } from "@/lib/server/uploaded-image";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, NO_PERMISSION_MESSAGE, type Permission } from "@/lib/tenancy/permissions";

// POST /api/content-images: an image for the rich text being written (a lesson, a question). It belongs
// to the organization, not to one course or bank (the text it goes into is saved later, or never), so
// whoever may write rich text of the organization may upload: course editors and question bank editors.
// Nothing else changes, so no audit entry (an avatar's upload makes none either); the text saved with it
// is audited where it is saved.

const AUTHORING: readonly Permission[] = ["courses:update:own", "questions:manage"];

/** `open` reads the uploaded file, once the caller may upload (a refused caller's body is not read). */
export async function uploadContentImage(ctx: TenantContext, open: () => Promise<File>): Promise<{ url: string }> {
  if (!AUTHORING.some((permission) => can(ctx, permission))) throw new AppError("FORBIDDEN", NO_PERMISSION_MESSAGE);
  const organizationId = tenantId(ctx);
  const checked = await readUploadedImage(await open(), env.CONTENT_IMAGE_MAX_BYTES, "image");
  return { url: await storeContentImage(organizationId, checked) };
}
