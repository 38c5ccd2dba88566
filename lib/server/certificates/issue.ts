import "server-only";
import { addMonths } from "date-fns";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newCertificateCode } from "@/lib/server/certificates/code";
import { recordCertificateEvents } from "@/lib/server/webhooks/events";
import { recordCertificatesEarned } from "@/lib/server/xapi/tracking";

type Tx = Prisma.TransactionClient;

// Issuing on completion. Called in the transaction that completed the enrollments, after it did: the
// certificate carries the values as they are now (learner, course, organization, template), so later
// changes to any of them leave it as issued. The unique key (enrollment, round, "issue" = 0: the round's
// first) with ON CONFLICT DO NOTHING makes it once per round however many completions race; the round lock
// of the progress writers already serializes them, the key is what holds if one day something does not.

const issuingSelect = {
  id: true,
  courseId: true,
  userId: true,
  round: true,
  completedAt: true,
  lessonScoreSum: true,
  lessonScoreCount: true,
  user: { select: { firstName: true, lastName: true } },
  organization: { select: { name: true } },
  course: {
    select: { title: true, certificateValidityMonths: true, certificateTemplate: { select: { design: true } } },
  },
} satisfies Prisma.EnrollmentSelect;

export type IssuingEnrollment = Prisma.EnrollmentGetPayload<{ select: typeof issuingSelect }>;

export async function issueCertificatesOnCompletion(
  tx: Tx,
  organizationId: string,
  enrollmentIds: string[],
): Promise<void> {
  if (enrollmentIds.length === 0) return;
  const rows = await tx.enrollment.findMany({
    where: {
      organizationId,
      id: { in: enrollmentIds },
      status: "completed",
      course: { certificateTemplateId: { not: null } },
    },
    select: issuingSelect,
  });
  if (rows.length === 0) return;
  const issued = await tx.certificate.createManyAndReturn({
    data: rows.map((row) => certificateData(organizationId, row, 0)),
    skipDuplicates: true,
    select: { id: true },
  });
  if (issued.length === 0) return;
  const ids = issued.map((c) => c.id);
  await recordCertificateEvents(tx, organizationId, "certificate.issued", { id: { in: ids } });
  await recordCertificatesEarned(tx, organizationId, ids);
}

/** A certificate row for an enrollment as it is now: its values frozen from here on. */
export function certificateData(
  organizationId: string,
  row: IssuingEnrollment,
  issue: number,
): Prisma.CertificateCreateManyInput {
  const completedAt = row.completedAt ?? new Date();
  const months = row.course.certificateValidityMonths;
  return {
    organizationId,
    courseId: row.courseId,
    userId: row.userId,
    enrollmentId: row.id,
    round: row.round,
    issue,
    code: newCertificateCode(),
    learnerName: `${row.user.firstName} ${row.user.lastName}`.trim(),
    courseTitle: row.course.title,
    organizationName: row.organization.name,
    completedAt,
    expiresAt: months ? addMonths(completedAt, months) : null,
    score: row.lessonScoreCount > 0 ? Math.round(row.lessonScoreSum / row.lessonScoreCount / 100) : null,
    design: row.course.certificateTemplate?.design ?? {},
  };
}

export { issuingSelect };
