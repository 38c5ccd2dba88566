import "server-only";
import { env } from "@/lib/env";
import { storeContentImage } from "@/lib/server/content-images/store-content-image";
import { readUploadedImage } from "@/lib/server/uploaded-image";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// POST /api/content-images: an image for the rich text being written (a lesson, a question). It belongs
// to the organization, not to one course or bank (the text it goes into is saved later, or never), so
// whoever may write rich text of the organization may upload: the course authors' permission, which the
// roles that edit question banks hold too.
// Nothing else changes, so no audit entry (an avatar's upload makes none either); the text saved with it
// is audited where it is saved.

/** `open` reads the uploaded file, once the caller may upload (a refused caller's body is not read). */
export async function uploadContentImage(ctx: TenantContext, open: () => Promise<File>): Promise<{ url: string }> {
  requirePermission(ctx, "courses:update:own");
  const organizationId = tenantId(ctx);
  const checked = await readUploadedImage(await open(), env.CONTENT_IMAGE_MAX_BYTES, "image");
  return { url: await storeContentImage(organizationId, checked) };
}
