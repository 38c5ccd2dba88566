import "server-only";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { readOrganizationBranding } from "@/lib/schemas/organization-settings";
import { audit, auditActor } from "@/lib/server/audit";
import { removeStoredFiles } from "@/lib/server/courses/stored-files";
import { requireEditableOrganization } from "@/lib/server/organizations/access";
import type { OrganizationAdminJson } from "@/lib/server/organizations/json";
import { getOrganization } from "@/lib/server/organizations/queries";
import { readUploadedImage } from "@/lib/server/uploaded-image";
import { putObject } from "@/lib/storage/store";
import type { TenantContext } from "@/lib/tenancy/context";

/** The top bar's logo box is 118×40; stored at twice that for sharp screens, never enlarged. */
const LOGO_BOX = { width: 236, height: 80 };

/**
 * Checks an uploaded logo like a thumbnail (size, real image type), fits it in the logo box as a PNG
 * (mail clients show PNG where they would not show WebP) under a new key, and replaces any old one.
 */
export async function setOrganizationLogo(
  ctx: TenantContext,
  organizationId: string,
  file: File,
): Promise<OrganizationAdminJson> {
  const { id } = await requireEditableOrganization(ctx, organizationId);
  const input = await readUploadedImage(file, env.LOGO_MAX_BYTES, "logo");
  const output = await sharp(input, { animated: false })
    .rotate()
    .resize({ ...LOGO_BOX, fit: "inside", withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const url = await putObject(`logos/${id}/${randomUUID()}.png`, output);
  await replaceLogo(ctx, id, url);
  return getOrganization(ctx, id);
}

export async function removeOrganizationLogo(
  ctx: TenantContext,
  organizationId: string,
): Promise<OrganizationAdminJson> {
  const { id } = await requireEditableOrganization(ctx, organizationId);
  await replaceLogo(ctx, id, null);
  return getOrganization(ctx, id);
}

async function replaceLogo(ctx: TenantContext, organizationId: string, url: string | null): Promise<void> {
  const previous = await db().$transaction(async (tx) => {
    const [row] = await queryRows<{ branding: unknown }>(
      Prisma.sql`SELECT "branding" FROM "Organization" WHERE "id" = ${organizationId}::uuid FOR UPDATE`,
      tx,
    );
    const { logoUrl, ...branding } = readOrganizationBranding(row?.branding);
    await tx.organization.update({
      where: { id: organizationId },
      data: { branding: url ? { ...branding, logoUrl: url } : branding },
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: url ? "organization.logo.set" : "organization.logo.remove",
        entityType: "organization",
        entityId: organizationId,
      },
      tx,
    );
    return logoUrl ?? null;
  });
  if (previous !== url) await removeStoredFiles({ urls: [previous] });
}
