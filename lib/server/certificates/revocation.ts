import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import type { RevokeCertificateInput } from "@/lib/schemas/certificates";
import { audit, auditActor } from "@/lib/server/audit";
import { newCertificateCode } from "@/lib/server/certificates/code";
import { certificateJson, certificateSelect, NOT_FOUND, type CertificateJson } from "@/lib/server/certificates/queries";
import { tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// An administrator's corrections to issued certificates. Revoking keeps the row (its verification page
// then says it was revoked, and why); re-issuing makes a new certificate with a new code for the same
// completion, with today's learner name, course title and template, and revokes the one it replaces, so a
// completion has one certificate that verifies as valid at most. Both are in the audit log.

type Tx = Prisma.TransactionClient;

export const ALREADY_REVOKED = "This certificate is already revoked";
export const ALREADY_REISSUED = "This certificate was already re-issued: re-issue the newest one";

interface Locked {
  id: string;
  enrollmentId: string;
  round: number;
  issue: number;
  revokedAt: Date | null;
}

/** The certificate, locked for the change: two administrators acting at once take turns. */
async function lockCertificate(tx: Tx, organizationId: string, certificateId: string): Promise<Locked> {
  if (!isId(certificateId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const [row] = await queryRows<Locked>(
    Prisma.sql`SELECT "id", "enrollmentId", "round", "issue", "revokedAt" FROM "Certificate"
      WHERE "id" = ${certificateId}::uuid AND "organizationId" = ${organizationId}::uuid FOR UPDATE`,
    tx,
  );
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

export async function revokeCertificate(
  ctx: TenantContext,
  certificateId: string,
  input: RevokeCertificateInput,
): Promise<CertificateJson> {
  requirePermission(ctx, "certificates:revoke");
  const organization = tenantOrganization(ctx);
  return db().$transaction(async (tx) => {
    const locked = await lockCertificate(tx, organization.id, certificateId);
    if (locked.revokedAt) throw new AppError("CONFLICT", ALREADY_REVOKED);
    const row = await tx.certificate.update({
      where: { id: locked.id, organizationId: organization.id },
      data: { revokedAt: new Date(), revokedReason: input.reason },
      select: certificateSelect,
    });
    await audit(
      {
        organizationId: organization.id,
        ...auditActor(ctx),
        action: "certificate.revoke",
        entityType: "certificate",
        entityId: row.id,
        data: { code: row.code, learner: row.learnerName, course: row.courseTitle, reason: input.reason },
      },
      tx,
    );
    return certificateJson(row, organization.subdomain);
  });
}

export async function reissueCertificate(
  ctx: TenantContext,
  certificateId: string,
  input: RevokeCertificateInput,
): Promise<CertificateJson> {
  requirePermission(ctx, "certificates:revoke");
  const organization = tenantOrganization(ctx);
  return db().$transaction(async (tx) => {
    const locked = await lockCertificate(tx, organization.id, certificateId);
    const later = await tx.certificate.count({
      where: {
        organizationId: organization.id,
        enrollmentId: locked.enrollmentId,
        round: locked.round,
        issue: { gt: locked.issue },
      },
    });
    if (later > 0) throw new AppError("CONFLICT", ALREADY_REISSUED);
    // Each read on its own: a transaction is one connection, and Prisma would load related rows at once.
    const old = await tx.certificate.findUniqueOrThrow({
      where: { id: locked.id },
      select: { ...certificateSelect, enrollmentId: true, issue: true },
    });
    const learner = await tx.user.findFirstOrThrow({
      where: { organizationId: organization.id, id: old.userId },
      select: { firstName: true, lastName: true },
    });
    const course = await tx.course.findFirstOrThrow({
      where: { organizationId: organization.id, id: old.courseId },
      select: { title: true, certificateTemplateId: true },
    });
    const template = course.certificateTemplateId
      ? await tx.certificateTemplate.findFirst({
          where: { organizationId: organization.id, id: course.certificateTemplateId },
          select: { design: true },
        })
      : null;
    if (!old.revokedAt) {
      await tx.certificate.update({
        where: { id: old.id, organizationId: organization.id },
        data: { revokedAt: new Date(), revokedReason: `Re-issued: ${input.reason}` },
      });
    }
    // The completion's facts stay (date, expiry, score); the names and the design are today's.
    const created = await tx.certificate.create({
      data: {
        organizationId: organization.id,
        courseId: old.courseId,
        userId: old.userId,
        enrollmentId: old.enrollmentId,
        round: old.round,
        issue: old.issue + 1,
        code: newCertificateCode(),
        learnerName: `${learner.firstName} ${learner.lastName}`.trim(),
        courseTitle: course.title,
        organizationName: organization.name,
        completedAt: old.completedAt,
        expiresAt: old.expiresAt,
        score: old.score,
        design: (template?.design ?? old.design) as Prisma.InputJsonValue,
      },
      select: certificateSelect,
    });
    await audit(
      {
        organizationId: organization.id,
        ...auditActor(ctx),
        action: "certificate.reissue",
        entityType: "certificate",
        entityId: created.id,
        data: { replaces: old.code, code: created.code, learner: created.learnerName, reason: input.reason },
      },
      tx,
    );
    return certificateJson(created, organization.subdomain);
  });
}
