import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  certificateDesignSchema,
  type CertificateDesign,
  type CreateCertificateTemplateInput,
  type UpdateCertificateTemplateInput,
} from "@/lib/schemas/certificates";
import { isId } from "@/lib/schemas/id";
import { audit, auditActor } from "@/lib/server/audit";
import { assertLayoutFits } from "@/lib/server/certificates/check-layout";
import { reencodeDesignImages } from "@/lib/server/certificates/design-images";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// Certificate templates: an organization's designs, which its courses pick. Instructors and admins keep them.

const templateSelect = {
  id: true,
  name: true,
  design: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { courses: true } },
} satisfies Prisma.CertificateTemplateSelect;
type TemplateRow = Prisma.CertificateTemplateGetPayload<{ select: typeof templateSelect }>;

export function templateJson(row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    design: readDesign(row.design),
    course_count: row._count.courses,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type CertificateTemplateJson = ReturnType<typeof templateJson>;

/** A stored design, read back through its schema (what was stored passed it). */
export function readDesign(value: unknown): CertificateDesign {
  return certificateDesignSchema.parse(value);
}

const NOT_FOUND = "Certificate template not found";

export async function listCertificateTemplates(ctx: TenantContext): Promise<CertificateTemplateJson[]> {
  requirePermission(ctx, "certificates:manage");
  const rows = await db().certificateTemplate.findMany({
    where: { organizationId: tenantId(ctx) },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: templateSelect,
  });
  return rows.map(templateJson);
}

export async function getCertificateTemplate(ctx: TenantContext, templateId: string): Promise<CertificateTemplateJson> {
  requirePermission(ctx, "certificates:manage");
  if (!isId(templateId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const row = await db().certificateTemplate.findFirst({
    where: { id: templateId, organizationId: tenantId(ctx) },
    select: templateSelect,
  });
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return templateJson(row);
}

export async function createCertificateTemplate(
  ctx: TenantContext,
  input: CreateCertificateTemplateInput,
): Promise<CertificateTemplateJson> {
  requirePermission(ctx, "certificates:manage");
  const organizationId = tenantId(ctx);
  assertLayoutFits(ctx, input.design);
  const design = await reencodeDesignImages(input.design);
  return db().$transaction(async (tx) => {
    const row = await tx.certificateTemplate.create({
      data: { organizationId, name: input.name, design },
      select: templateSelect,
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "certificate.template.create",
        entityType: "certificate_template",
        entityId: row.id,
      },
      tx,
    );
    return templateJson(row);
  });
}

export async function updateCertificateTemplate(
  ctx: TenantContext,
  templateId: string,
  input: UpdateCertificateTemplateInput,
): Promise<CertificateTemplateJson> {
  requirePermission(ctx, "certificates:manage");
  const organizationId = tenantId(ctx);
  if (!isId(templateId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (input.design) assertLayoutFits(ctx, input.design);
  const design = input.design ? await reencodeDesignImages(input.design) : undefined;
  return db().$transaction(async (tx) => {
    const row = await tx.certificateTemplate.update({
      where: { id: templateId, organizationId },
      data: { name: input.name, design },
      select: templateSelect,
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "certificate.template.update",
        entityType: "certificate_template",
        entityId: templateId,
      },
      tx,
    );
    return templateJson(row);
  });
}

/** A template courses still use stays: they would silently stop issuing certificates. */
export async function deleteCertificateTemplate(ctx: TenantContext, templateId: string): Promise<void> {
  requirePermission(ctx, "certificates:manage");
  const organizationId = tenantId(ctx);
  if (!isId(templateId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  await db().$transaction(async (tx) => {
    const courses = await tx.course.count({ where: { organizationId, certificateTemplateId: templateId } });
    if (courses > 0)
      throw new AppError(
        "CONFLICT",
        `${courses} course${courses === 1 ? " uses" : "s use"} this template: pick another for ${courses === 1 ? "it" : "them"} first`,
      );
    await tx.certificateTemplate.delete({ where: { id: templateId, organizationId } });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "certificate.template.delete",
        entityType: "certificate_template",
        entityId: templateId,
      },
      tx,
    );
  });
}
