import "server-only";
import { jsonTimestamp, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { certificateJson, type CertificateJson, type CertificateRow } from "@/lib/server/certificates/queries";
import { dashboardJson, dashboardSql, type DashboardJson, type DashboardRow } from "@/lib/server/enrollments/dashboard";
import { tenantId, tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// The learner's dashboard page in one statement: GET /api/dashboard's rows (dashboardSql) and the caller's
// certificates (GET /api/certificates), each as a json array of the same rows.

const dashboardPageSql = (organizationId: string, userId: string) => Prisma.sql`SELECT
  (SELECT coalesce(json_agg(d ORDER BY d."recentRank"), '[]') FROM (${dashboardSql(organizationId, userId)}) d) AS "courses",
  (SELECT coalesce(json_agg(json_build_object('id', ct."id", 'userId', ct."userId", 'courseId', ct."courseId", 'code', ct."code",
      'learnerName', ct."learnerName", 'courseTitle', ct."courseTitle", 'organizationName', ct."organizationName",
      'completedAt', ct."completedAt", 'expiresAt', ct."expiresAt", 'score', ct."score", 'issuedAt', ct."issuedAt",
      'revokedAt', ct."revokedAt", 'revokedReason', ct."revokedReason", 'round', ct."round")
      ORDER BY ct."issuedAt" DESC, ct."id" DESC), '[]')
    FROM "Certificate" ct WHERE ct."organizationId" = ${organizationId}::uuid AND ct."userId" = ${userId}::uuid) AS "certificates"`;

/** A row of json: its TIMESTAMP(3) columns are text. */
type Json<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? string | null : string };

type DashboardDate = "enrolledAt" | "completedAt" | "withdrawnAt" | "lastAccessedAt" | "updatedAt" | "publishedAt";
type CertificateDate = "completedAt" | "expiresAt" | "issuedAt" | "revokedAt";
type CertificateListRow = Omit<CertificateRow, "design">;

interface DashboardPageRow {
  courses: Json<DashboardRow, DashboardDate>[];
  certificates: Json<CertificateListRow, CertificateDate>[];
}

export interface DashboardPage {
  dashboard: DashboardJson;
  certificates: CertificateJson[];
}

const at = (text: string | null) => (text === null ? null : jsonTimestamp(text));

export async function getDashboardPage(ctx: TenantContext): Promise<DashboardPage> {
  requirePermission(ctx, "certificates:read:own");
  const organization = tenantOrganization(ctx);
  const [row] = await queryRows<DashboardPageRow>(dashboardPageSql(tenantId(ctx), ctx.userId));
  const { courses, certificates } = row!;
  return {
    dashboard: dashboardJson(
      courses.map((c) => ({
        ...c,
        enrolledAt: jsonTimestamp(c.enrolledAt),
        completedAt: at(c.completedAt),
        withdrawnAt: at(c.withdrawnAt),
        lastAccessedAt: at(c.lastAccessedAt),
        updatedAt: jsonTimestamp(c.updatedAt),
        publishedAt: at(c.publishedAt),
      })),
    ),
    certificates: certificates.map((c) =>
      certificateJson(
        {
          ...c,
          completedAt: jsonTimestamp(c.completedAt),
          expiresAt: at(c.expiresAt),
          issuedAt: jsonTimestamp(c.issuedAt),
          revokedAt: at(c.revokedAt),
        },
        organization.subdomain,
      ),
    ),
  };
}
