import "server-only";
import { db, queryRows } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  courseRebuildSql,
  groupRebuildSql,
  learnerRebuildSql,
  OVERLAP_SECONDS,
  RECORD_RECONCILED_SQL,
  rebuildOrganizationSummaries,
} from "@/lib/server/reports/rebuild-sql";
import { reportScope } from "@/lib/server/reports/scope";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// POST /api/reports/refresh: the summaries are kept by triggers in every write's transaction, so this is
// the repair tool (docs/architecture.md "Report summaries"). It reconciles, from the base tables, what
// changed in the caller's organization since the last refresh (enrollments and lesson progress by their
// updatedAt, new group memberships), and answers at once when nothing did: two index probes. `full`
// rebuilds every summary of the organization (administrators; every organization for the superadmin on
// the apex). An organization never reconciled gets the full rebuild.

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

/** Organizations with something to reconcile: never reconciled, or a row changed since. $1 organization or null (all). */
const PENDING_SQL = `SELECT o."id", st."reconciledThrough" AS since FROM "Organization" o
  LEFT JOIN "ReportState" st ON st."organizationId" = o."id"
  WHERE ($1::uuid IS NULL OR o."id" = $1::uuid)
    AND (st."organizationId" IS NULL
      OR EXISTS (SELECT 1 FROM "Enrollment" e WHERE e."organizationId" = o."id" AND e."updatedAt" > st."reconciledThrough")
      OR EXISTS (SELECT 1 FROM "LessonProgress" lp WHERE lp."organizationId" = o."id" AND lp."updatedAt" > st."reconciledThrough")
      OR EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."organizationId" = o."id" AND gm."addedAt" > st."reconciledThrough"))`;

/** $2: an instant as ISO text; the tables hold UTC wall times. */
const SINCE = `($2::timestamptz AT TIME ZONE 'UTC')`;
const CHANGED_SQL = `SELECT e."courseId", e."userId" FROM "Enrollment" e WHERE e."organizationId" = $1::uuid AND e."updatedAt" > ${SINCE}
  UNION
  SELECT lp."courseId", e."userId" FROM "LessonProgress" lp JOIN "Enrollment" e ON e."id" = lp."enrollmentId"
  WHERE lp."organizationId" = $1::uuid AND lp."updatedAt" > ${SINCE}`;

export async function refreshReports(ctx: TenantContext, options: { full: boolean }): Promise<RefreshJson> {
  const started = Date.now();
  const scope = await reportScope(ctx, {});
  if (options.full) requirePermission(ctx, "reports:read:any", "Only administrators can rebuild every report summary");
  const pending = options.full
    ? await queryRows<{ id: string; since: Date | null }>(
        `SELECT "id", NULL::timestamp AS since FROM "Organization" WHERE ($1::uuid IS NULL OR "id" = $1::uuid) ORDER BY "id"`,
        [scope.organizationId],
      )
    : await queryRows<{ id: string; since: Date | null }>(PENDING_SQL, [scope.organizationId]);
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
      // One refresh of an organization at a time; the summaries' own statements run with the triggers off.
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('reports:' || $1::text))`, organizationId);
      if (since === null) {
        await rebuildOrganizationSummaries((sql, values) => tx.$executeRawUnsafe(sql, ...values), organizationId);
        return countAll(tx, organizationId);
      }
      await tx.$queryRawUnsafe(`SELECT set_config('lms.report_triggers', 'off', true)`);
      const done = await rebuildChanged(tx, organizationId, since);
      await tx.$queryRawUnsafe(`SELECT set_config('lms.report_triggers', '', true)`);
      await tx.$executeRawUnsafe(RECORD_RECONCILED_SQL, organizationId, OVERLAP_SECONDS, false);
      return done;
    },
    { maxWait: 10_000, timeout: 300_000 },
  );
}

async function run(tx: Tx, statements: string[], values: unknown[]): Promise<void> {
  for (const statement of statements) await tx.$executeRawUnsafe(statement, ...values);
}

async function countAll(tx: Tx, organizationId: string) {
  const [counts] = await tx.$queryRawUnsafe<{ courses: number; learners: number; groups: number }[]>(
    `SELECT (SELECT count(*) FROM "Course" WHERE "organizationId" = $1::uuid)::int AS courses,
       (SELECT count(*) FROM "ReportLearnerStats" WHERE "organizationId" = $1::uuid)::int AS learners,
       (SELECT count(*) FROM "Group" WHERE "organizationId" = $1::uuid)::int AS groups`,
    organizationId,
  );
  return counts!;
}

async function rebuildChanged(tx: Tx, organizationId: string, since: Date) {
  const changed = await tx.$queryRawUnsafe<{ courseId: string; userId: string }[]>(
    CHANGED_SQL,
    organizationId,
    since.toISOString(),
  );
  const courseIds = [...new Set(changed.map((c) => c.courseId))];
  const userIds = [...new Set(changed.map((c) => c.userId))];
  const groups = await tx.$queryRawUnsafe<{ groupId: string }[]>(
    `SELECT DISTINCT "groupId" FROM "GroupMember" WHERE "organizationId" = $1::uuid AND ("userId" = ANY($2::uuid[]) OR "addedAt" > ($3::timestamptz AT TIME ZONE 'UTC'))`,
    organizationId,
    userIds,
    since.toISOString(),
  );
  const groupIds = groups.map((g) => g.groupId);
  if (courseIds.length) await run(tx, courseRebuildSql("ids"), [organizationId, courseIds]);
  if (userIds.length) await run(tx, learnerRebuildSql("ids"), [organizationId, userIds]);
  if (groupIds.length) await run(tx, groupRebuildSql("ids"), [organizationId, groupIds]);
  return { courses: courseIds.length, learners: userIds.length, groups: groupIds.length };
}

/** Every organization's summaries from scratch, one transaction per organization (the large dataset's load, the benchmark). */
export async function rebuildEveryOrganization(): Promise<number> {
  const orgs = await queryRows<{ id: string }>(`SELECT "id" FROM "Organization" ORDER BY "id"`, []);
  for (const org of orgs) await reconcileOrganization(org.id, null);
  return orgs.length;
}
