import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { rebuildOrganizationSummaries, rebuildSql, recordReconciledSql } from "@/lib/server/reports/rebuild";
import { reportScope } from "@/lib/server/reports/scope";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// POST /api/reports/refresh: the summaries are kept by triggers in every write's transaction, so this is
// the repair tool (docs/architecture.md "Report summaries"). It reconciles, from the base tables, what
// changed in the caller's organization since the last refresh (enrollments and lesson progress by their
// updatedAt, new group memberships), and answers at once when nothing did: two index probes. `full`
// rebuilds every summary of the organization (administrators; every organization for the superadmin on
// the apex). An organization never reconciled gets the full rebuild. The rebuild itself is report.rebuild
// (lib/server/reports/summaries.sql, beside the triggers).

export interface RefreshJson {
  refreshed_at: string;
  full: boolean;
  organizations: number;
  /** How many courses, learners and groups were recomputed from the base tables (0 when nothing was new). */
  courses: number;
  learners: number;
  groups: number;
  duration_ms: number;
}

type Tx = Prisma.TransactionClient;
type Pending = { id: string; since: Date | null };

/** Organizations with something to reconcile (of one organization, or of all with null): never reconciled, or a row changed since. */
const pendingSql = (
  organizationId: string | null,
) => Prisma.sql`SELECT o."id", st."reconciledThrough" AS since FROM "Organization" o
  LEFT JOIN "ReportState" st ON st."organizationId" = o."id"
  WHERE (${organizationId}::uuid IS NULL OR o."id" = ${organizationId}::uuid)
    AND (st."organizationId" IS NULL
      OR EXISTS (SELECT 1 FROM "Enrollment" e WHERE e."organizationId" = o."id" AND e."updatedAt" > st."reconciledThrough")
      OR EXISTS (SELECT 1 FROM "LessonProgress" lp WHERE lp."organizationId" = o."id" AND lp."updatedAt" > st."reconciledThrough")
      OR EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."organizationId" = o."id" AND gm."addedAt" > st."reconciledThrough"))`;

/** An instant as ISO text, as the tables hold it: UTC wall time. */
const utc = (at: Date) => Prisma.sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/** The (course, learner) pairs whose enrollment or lesson progress changed after `since`. */
const changedSql = (
  organizationId: string,
  since: Date,
) => Prisma.sql`SELECT e."courseId", e."userId" FROM "Enrollment" e
  WHERE e."organizationId" = ${organizationId}::uuid AND e."updatedAt" > ${utc(since)}
  UNION
  SELECT lp."courseId", e."userId" FROM "LessonProgress" lp JOIN "Enrollment" e ON e."id" = lp."enrollmentId"
  WHERE lp."organizationId" = ${organizationId}::uuid AND lp."updatedAt" > ${utc(since)}`;

/** The groups of these learners, and those with members added after `since`. */
const changedGroupsSql = (organizationId: string, userIds: string[], since: Date) =>
  Prisma.sql`SELECT DISTINCT "groupId" FROM "GroupMember"
  WHERE "organizationId" = ${organizationId}::uuid AND ("userId" = ANY (${userIds}::uuid[]) OR "addedAt" > ${utc(since)})`;

export async function refreshReports(ctx: TenantContext, options: { full: boolean }): Promise<RefreshJson> {
  const started = Date.now();
  const scope = await reportScope(ctx, {});
  if (options.full) requirePermission(ctx, "reports:read:any", "Only administrators can rebuild every report summary");
  const pending: Pending[] = options.full
    ? (
        await db().organization.findMany({
          where: scope.organizationId ? { id: scope.organizationId } : {},
          orderBy: { id: "asc" },
          select: { id: true },
        })
      ).map(({ id }) => ({ id, since: null }))
    : await queryRows<Pending>(pendingSql(scope.organizationId));
  const totals = { courses: 0, learners: 0, groups: 0 };
  for (const org of pending) {
    const done = await reconcileOrganization(org.id, org.since);
    totals.courses += done.courses;
    totals.learners += done.learners;
    totals.groups += done.groups;
  }
  return {
    refreshed_at: new Date().toISOString(),
    full: options.full,
    organizations: pending.length,
    ...totals,
    duration_ms: Date.now() - started,
  };
}

/** Recomputes an organization's summaries: all of them (`since` null) or what changed after `since`. */
export async function reconcileOrganization(
  organizationId: string,
  since: Date | null,
): Promise<{ courses: number; learners: number; groups: number }> {
  return db().$transaction(
    async (tx) => {
      // One refresh of an organization at a time.
      await queryRows(
        Prisma.sql`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtext('reports:' || ${organizationId}::text))`,
        tx,
      );
      if (since === null) {
        await rebuildOrganizationSummaries((sql) => queryRows(sql, tx), organizationId);
        return countAll(tx, organizationId);
      }
      const done = await rebuildChanged(tx, organizationId, since);
      await queryRows(recordReconciledSql(organizationId, false), tx);
      return done;
    },
    { maxWait: 10_000, timeout: 300_000 },
  );
}

async function countAll(tx: Tx, organizationId: string) {
  const where = { organizationId };
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const courses = await tx.course.count({ where });
  const learners = await tx.reportLearnerStats.count({ where });
  const groups = await tx.group.count({ where });
  return { courses, learners, groups };
}

async function rebuildChanged(tx: Tx, organizationId: string, since: Date) {
  const changed = await queryRows<{ courseId: string; userId: string }>(changedSql(organizationId, since), tx);
  const courseIds = [...new Set(changed.map((c) => c.courseId))];
  const userIds = [...new Set(changed.map((c) => c.userId))];
  const groups = await queryRows<{ groupId: string }>(changedGroupsSql(organizationId, userIds, since), tx);
  const groupIds = groups.map((g) => g.groupId);
  if (courseIds.length + userIds.length + groupIds.length > 0)
    await queryRows(rebuildSql(organizationId, { courseIds, userIds, groupIds }), tx);
  return { courses: courseIds.length, learners: userIds.length, groups: groupIds.length };
}
