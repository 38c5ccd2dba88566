import "server-only";
import { reportRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";
import type { CertificateReportQuery, CertificateReportState } from "@/lib/schemas/reports";
import { verificationUrl } from "@/lib/server/certificates/queries";
import { EXPIRING_WITHIN_DAYS, type CertificateStatus } from "@/lib/certificates/status";
import { csvExport } from "@/lib/server/reports/csv-export";
import { defaultOrder, likePattern, runPage, type ListStatement } from "@/lib/server/reports/list";
import { reportScope, type ReportScope } from "@/lib/server/reports/scope";
import { courseConditions, orderBy, pageClause, whereClause, windowOf } from "@/lib/server/reports/sql";
import type { TenantContext } from "@/lib/tenancy/context";

// GET /api/reports/certificates and its export: the certificates issued in the report's scope (an
// instructor: the courses they teach), with how many are valid, expiring within 30/60/90 days, expired and
// revoked. `user_id` narrows it to one learner (their report page). The shared filters apply as: course, category and organization to the certificate's course,
// group to its learner, and the dates to the day it was completed (the enrollment state filter names
// enrollments, not certificates, and is not applied here).

// The first window is the one in which a certificate is shown as expiring (lib/certificates/status.ts).
export const EXPIRY_WINDOWS = [EXPIRING_WITHIN_DAYS, 60, 90] as const;

export interface CertificateReportRow {
  certificate_id: string;
  code: string;
  user_id: string;
  course_id: string;
  organization_id: string;
  learner_name: string;
  email: string;
  course_title: string;
  completed_at: string;
  expires_at: string | null;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  score: number | null;
  status: CertificateStatus;
  /** The latest issue of its completion: the one that can be re-issued. */
  latest: boolean;
  verification_url: string;
  pdf_url: string;
}

export interface CertificateSummary {
  issued: number;
  valid: number;
  expiring_30: number;
  expiring_60: number;
  expiring_90: number;
  expired: number;
  revoked: number;
}

export type CertificateReportPage = Page<CertificateReportRow> & { summary: CertificateSummary };

interface Row {
  certificate_id: string;
  code: string;
  user_id: string;
  course_id: string;
  organization_id: string;
  subdomain: string;
  learner_name: string;
  email: string;
  course_title: string;
  completed_at: Date;
  expires_at: Date | null;
  issued_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  score: number | null;
  status: CertificateStatus;
  latest: boolean;
  total?: unknown;
}

// The same rule as certificateStatus (lib/certificates/status.ts), in SQL so that it can filter and
// count: revoked wins over expired, expired over valid.
const status = (now: Date) => Prisma.sql`CASE WHEN ct."revokedAt" IS NOT NULL THEN 'revoked'
    WHEN ct."expiresAt" IS NOT NULL AND ct."expiresAt" <= ${now}::timestamptz THEN 'expired' ELSE 'valid' END`;

const validAt = (now: Date) =>
  Prisma.sql`ct."revokedAt" IS NULL AND (ct."expiresAt" IS NULL OR ct."expiresAt" > ${now}::timestamptz)`;

const expiringWithin = (now: Date, days: number) =>
  Prisma.sql`${validAt(now)} AND ct."expiresAt" <= ${now}::timestamptz + make_interval(days => ${days}::int)`;

function stateCondition(state: CertificateReportState, now: Date): Prisma.Sql {
  switch (state) {
    case "valid":
      return validAt(now);
    case "expiring_30":
      return expiringWithin(now, EXPIRY_WINDOWS[0]);
    case "expiring_60":
      return expiringWithin(now, EXPIRY_WINDOWS[1]);
    case "expiring_90":
      return expiringWithin(now, EXPIRY_WINDOWS[2]);
    case "expired":
      return Prisma.sql`ct."revokedAt" IS NULL AND ct."expiresAt" <= ${now}::timestamptz`;
    case "revoked":
      return Prisma.sql`ct."revokedAt" IS NOT NULL`;
  }
}

/** The scope and the shared filters, as conditions on Certificate `ct` joined to its Course `c` and User `u`. */
function scopeConditions(scope: ReportScope, q: CertificateReportQuery): Prisma.Sql[] {
  const where = courseConditions(scope, q);
  if (q.user_id) where.push(Prisma.sql`ct."userId" = ${q.user_id}::uuid`);
  if (q.group_id)
    where.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."groupId" = ${q.group_id}::uuid AND gm."userId" = ct."userId")`,
    );
  if (q.from) where.push(Prisma.sql`ct."completedAt" >= ${q.from}::date`);
  if (q.to) where.push(Prisma.sql`ct."completedAt" < ${q.to}::date + 1`);
  if (q.q) {
    const pattern = likePattern(q.q);
    where.push(Prisma.sql`(ct."learnerName" ILIKE ${pattern} OR u."email" ILIKE ${pattern}
      OR ct."courseTitle" ILIKE ${pattern} OR ct."code" ILIKE ${pattern})`);
  }
  return where;
}

const FROM = Prisma.sql`FROM "Certificate" ct
    JOIN "Course" c ON c."organizationId" = ct."organizationId" AND c."id" = ct."courseId"
    JOIN "User" u ON u."organizationId" = ct."organizationId" AND u."id" = ct."userId"`;

const SORTS: Record<CertificateReportQuery["sort"], Prisma.Sql> = {
  expires_at: Prisma.sql`ct."expiresAt"`,
  learner: Prisma.sql`lower(ct."learnerName")`,
  course: Prisma.sql`lower(ct."courseTitle")`,
  completed_at: Prisma.sql`ct."completedAt"`,
  issued_at: Prisma.sql`ct."issuedAt"`,
};

function certificateListStatement(scope: ReportScope, q: CertificateReportQuery, now: Date): ListStatement {
  const where = scopeConditions(scope, q);
  if (q.certificate_status) where.push(stateCondition(q.certificate_status, now));
  // The soonest to expire first by default: that is who needs attention.
  const order = orderBy(
    SORTS[q.sort],
    defaultOrder(q.sort, q.order, ["expires_at", "learner", "course"]),
    Prisma.sql`lower(ct."learnerName"), ct."id"`,
  );
  return (
    window,
  ) => Prisma.sql`SELECT ct."id" AS certificate_id, ct."code", ct."userId" AS user_id, ct."courseId" AS course_id,
      ct."organizationId" AS organization_id, o."subdomain", ct."learnerName" AS learner_name, u."email",
      ct."courseTitle" AS course_title, ct."completedAt" AS completed_at, ct."expiresAt" AS expires_at,
      ct."issuedAt" AS issued_at, ct."revokedAt" AS revoked_at, ct."revokedReason" AS revoked_reason, ct."score",
      ${status(now)} AS status,
      NOT EXISTS (SELECT 1 FROM "Certificate" later WHERE later."organizationId" = ct."organizationId"
        AND later."enrollmentId" = ct."enrollmentId" AND later."round" = ct."round" AND later."issue" > ct."issue") AS latest,
      count(*) OVER () AS total
    ${FROM}
    JOIN "Organization" o ON o."id" = ct."organizationId"
    ${whereClause(where)}
    ${order}
    ${pageClause(window)}`;
}

function summaryStatement(scope: ReportScope, q: CertificateReportQuery, now: Date): Prisma.Sql {
  const [d30, d60, d90] = EXPIRY_WINDOWS;
  return Prisma.sql`SELECT count(*)::int AS issued,
      (count(*) FILTER (WHERE ${validAt(now)}))::int AS valid,
      (count(*) FILTER (WHERE ${expiringWithin(now, d30)}))::int AS expiring_30,
      (count(*) FILTER (WHERE ${expiringWithin(now, d60)}))::int AS expiring_60,
      (count(*) FILTER (WHERE ${expiringWithin(now, d90)}))::int AS expiring_90,
      (count(*) FILTER (WHERE ct."revokedAt" IS NULL AND ct."expiresAt" <= ${now}::timestamptz))::int AS expired,
      (count(*) FILTER (WHERE ct."revokedAt" IS NOT NULL))::int AS revoked
    ${FROM}
    ${whereClause(scopeConditions(scope, q))}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toJson(row: Row): CertificateReportRow {
  return {
    certificate_id: row.certificate_id,
    code: row.code,
    user_id: row.user_id,
    course_id: row.course_id,
    organization_id: row.organization_id,
    learner_name: row.learner_name,
    email: row.email,
    course_title: row.course_title,
    completed_at: row.completed_at.toISOString(),
    expires_at: iso(row.expires_at),
    issued_at: row.issued_at.toISOString(),
    revoked_at: iso(row.revoked_at),
    revoked_reason: row.revoked_reason,
    score: row.score,
    status: row.status,
    latest: row.latest,
    verification_url: verificationUrl(row.subdomain, row.code),
    pdf_url: `/api/certificates/${row.certificate_id}/pdf`,
  };
}

export async function listCertificateReport(
  ctx: TenantContext,
  q: CertificateReportQuery,
  now: Date = new Date(),
): Promise<CertificateReportPage> {
  const scope = await reportScope(ctx, q);
  // The figures count what the state filter would choose among: they stay put while it changes.
  const [page, [summary]] = await Promise.all([
    runPage<Row, CertificateReportRow>(certificateListStatement(scope, q, now), windowOf(q), q, toJson),
    reportRows<CertificateSummary>(summaryStatement(scope, q, now)),
  ]);
  return { ...page, summary: summary! };
}

export async function exportCertificateReport(
  ctx: TenantContext,
  q: CertificateReportQuery,
  now: Date = new Date(),
): Promise<ReadableStream<Uint8Array>> {
  const scope = await reportScope(ctx, q);
  const header = [
    "code",
    "learner_name",
    "email",
    "course_title",
    "completed_at",
    "expires_at",
    "issued_at",
    "status",
    "revoked_reason",
    "score",
    "verification_url",
  ];
  return csvExport<Row>(header, certificateListStatement(scope, q, now), (r) => [
    r.code,
    r.learner_name,
    r.email,
    r.course_title,
    r.completed_at.toISOString(),
    iso(r.expires_at),
    r.issued_at.toISOString(),
    r.status,
    r.revoked_reason,
    r.score,
    verificationUrl(r.subdomain, r.code),
  ]);
}
