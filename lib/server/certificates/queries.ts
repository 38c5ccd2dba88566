import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import { certificateStatus, type CertificateStatus } from "@/lib/certificates/status";
import { tenantId, tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { tenantOrigin } from "@/lib/tenancy/host";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// Reading issued certificates: a learner's own, and one by id for its owner or the organization's admins.

export const certificateSelect = {
  id: true,
  userId: true,
  courseId: true,
  code: true,
  learnerName: true,
  courseTitle: true,
  organizationName: true,
  completedAt: true,
  expiresAt: true,
  score: true,
  issuedAt: true,
  revokedAt: true,
  revokedReason: true,
  round: true,
  design: true,
} satisfies Prisma.CertificateSelect;
export type CertificateRow = Prisma.CertificateGetPayload<{ select: typeof certificateSelect }>;

export const NOT_FOUND = "Certificate not found";

/** Where anyone types a certificate's code in: the organization's own host. */
export function verificationPageUrl(subdomain: string): string {
  return `${tenantOrigin(subdomain, env.APP_DOMAIN, env.APP_BASE_URL)}/verify`;
}

/** Where anyone checks one certificate (its QR code and copied link). */
export function verificationUrl(subdomain: string, code: string): string {
  return `${verificationPageUrl(subdomain)}/${code}`;
}

export function certificateJson(row: Omit<CertificateRow, "design">, subdomain: string, now: Date = new Date()) {
  const status: CertificateStatus = certificateStatus(row, now);
  return {
    id: row.id,
    course_id: row.courseId,
    user_id: row.userId,
    code: row.code,
    learner_name: row.learnerName,
    course_title: row.courseTitle,
    organization_name: row.organizationName,
    completed_at: row.completedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    issued_at: row.issuedAt.toISOString(),
    score: row.score,
    status,
    revoked_reason: row.revokedReason,
    verification_url: verificationUrl(subdomain, row.code),
    pdf_url: `/api/certificates/${row.id}/pdf`,
  };
}
export type CertificateJson = ReturnType<typeof certificateJson>;

/** The caller's own certificates, newest first. */
export async function listMyCertificates(ctx: TenantContext): Promise<CertificateJson[]> {
  requirePermission(ctx, "certificates:read:own");
  const organization = tenantOrganization(ctx);
  const rows = await db().certificate.findMany({
    where: { organizationId: organization.id, userId: ctx.userId },
    orderBy: [{ issuedAt: "desc" }, { id: "desc" }],
    select: certificateSelect,
  });
  return rows.map((row) => certificateJson(row, organization.subdomain));
}

/** One certificate: its learner's, or any of the organization's for those who may revoke them. */
export async function getCertificateRow(ctx: TenantContext, certificateId: string): Promise<CertificateRow> {
  requirePermission(ctx, "certificates:read:own");
  if (!isId(certificateId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const anyone = can(ctx, "certificates:revoke");
  const row = await db().certificate.findFirst({
    where: { id: certificateId, organizationId: tenantId(ctx), ...(anyone ? {} : { userId: ctx.userId }) },
    select: certificateSelect,
  });
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}
