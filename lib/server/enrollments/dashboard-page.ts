import "server-only";
import { jsonTimestamp, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { certificateJson, type CertificateJson, type CertificateRow } from "@/lib/server/certificates/queries";
import {
  continueTarget,
  dashboardCourseJson,
  dashboardMineSql,
  dashboardRowsSql,
  recentlyCompleted,
  recentlyCompletedSql,
  type ContinueJson,
  type DashboardCourseJson,
  type DashboardRow,
} from "@/lib/server/enrollments/dashboard";
import { tenantId, tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// The learner's dashboard page in one statement: where to continue, one page of the courses in progress
// ("My courses", the most recently used first) with how many there are, the recent completions, and the
// caller's certificates (GET /api/certificates's rows). GET /api/dashboard's statement shares its parts.

/** Courses in progress per page of the dashboard: rows of two, three or four cards. */
export const DASHBOARD_PAGE_SIZE = 12;

/** The active enrollment to continue: the most recently used whose last lesson still exists. */
const continueSql = Prisma.sql`SELECT c."id" FROM mine c
  JOIN "Lesson" l ON l."organizationId" = c."organizationId" AND l."id" = c."lastLessonId" AND l."courseId" = c."courseId"
  WHERE c."status" = 'active' AND c."lastAccessedAt" IS NOT NULL
  ORDER BY c."recentRank" LIMIT 1`;

/** A page's courses in progress: those whose rank by last use among the active ones is in (after, upTo]. */
const pageBounds = (page: number) => ({ after: (page - 1) * DASHBOARD_PAGE_SIZE, upTo: page * DASHBOARD_PAGE_SIZE });

const inPageSql = (page: number) => {
  const { after, upTo } = pageBounds(page);
  return Prisma.sql`(m."status" = 'active' AND m."recentRankInStatus" > ${after} AND m."recentRankInStatus" <= ${upTo})`;
};

const dashboardPageSql = (
  organizationId: string,
  userId: string,
  page: number,
) => Prisma.sql`WITH mine AS (${dashboardMineSql(organizationId, userId)})
SELECT
  (SELECT count(*)::int FROM mine WHERE mine."status" = 'active') AS "inProgressCount",
  (SELECT coalesce(json_agg(d ORDER BY d."recentRank"), '[]') FROM (${dashboardRowsSql(
    Prisma.sql`${inPageSql(page)} OR ${recentlyCompletedSql} OR m."id" = (${continueSql})`,
  )}) d) AS "courses",
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
  inProgressCount: number;
  courses: Json<DashboardRow, DashboardDate>[];
  certificates: Json<CertificateListRow, CertificateDate>[];
}

export interface DashboardPage {
  continue: ContinueJson | null;
  /** One page of the courses in progress; `page` is the one asked for, or the last when it was beyond. */
  inProgress: { items: DashboardCourseJson[]; page: number; pageCount: number; total: number };
  recentlyCompleted: DashboardCourseJson[];
  certificates: CertificateJson[];
}

const at = (text: string | null) => (text === null ? null : jsonTimestamp(text));

export async function getDashboardPage(ctx: TenantContext, page: number): Promise<DashboardPage> {
  requirePermission(ctx, "certificates:read:own");
  const organization = tenantOrganization(ctx);
  let row = await readDashboardPage(ctx, page);
  const pageCount = Math.max(1, Math.ceil(row.inProgressCount / DASHBOARD_PAGE_SIZE));
  // An address past the last page (courses finished or withdrawn since) shows the last page.
  if (page > pageCount) {
    page = pageCount;
    row = await readDashboardPage(ctx, page);
  }
  const rows: DashboardRow[] = row.courses.map((c) => ({
    ...c,
    enrolledAt: jsonTimestamp(c.enrolledAt),
    completedAt: at(c.completedAt),
    withdrawnAt: at(c.withdrawnAt),
    lastAccessedAt: at(c.lastAccessedAt),
    updatedAt: jsonTimestamp(c.updatedAt),
    publishedAt: at(c.publishedAt),
  }));
  const { after, upTo } = pageBounds(page);
  const inPage = rows.filter(
    (r) => r.status === "active" && r.recentRankInStatus > after && r.recentRankInStatus <= upTo,
  );
  return {
    continue: continueTarget(rows),
    inProgress: {
      items: inPage.map(dashboardCourseJson),
      page,
      pageCount,
      total: row.inProgressCount,
    },
    recentlyCompleted: recentlyCompleted(rows).map(dashboardCourseJson),
    certificates: row.certificates.map((c) =>
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

async function readDashboardPage(ctx: TenantContext, page: number): Promise<DashboardPageRow> {
  const [row] = await queryRows<DashboardPageRow>(dashboardPageSql(tenantId(ctx), ctx.userId, page));
  return row!;
}
