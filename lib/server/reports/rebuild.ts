import "server-only";
import type { QueryRowsFn } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

// The report summaries from scratch: report.rebuild, defined beside the triggers that keep them in
// lib/server/reports/summaries.sql. The repair behind POST /api/reports/refresh (refresh.ts), the large
// dataset's load and the benchmark's timed rebuild.

/** The summary rows of these courses, learners and groups only. */
export interface RebuildTargets {
  courseIds: string[];
  userIds: string[];
  groupIds: string[];
}

/** Recomputes an organization's summaries: every one of them, or only `targets`'. In a transaction. */
export const rebuildSql = (organizationId: string, targets?: RebuildTargets) =>
  Prisma.sql`SELECT 1 AS "rebuilt" FROM report.rebuild(${organizationId}::uuid, ${targets?.courseIds ?? null}::uuid[],
  ${targets?.userIds ?? null}::uuid[], ${targets?.groupIds ?? null}::uuid[])`;

/** How far back of a reconciliation's start the next one looks again (writers' clocks, commits in flight). */
export const OVERLAP_SECONDS = 5;

/** Records that an organization's summaries were reconciled (`full`: all of them rebuilt). */
export const recordReconciledSql = (organizationId: string, full: boolean) =>
  Prisma.sql`INSERT INTO "ReportState" ("organizationId", "reconciledThrough", "refreshedAt", "fullRebuildAt")
  VALUES (${organizationId}::uuid, (now() AT TIME ZONE 'UTC') - make_interval(secs => ${OVERLAP_SECONDS}::int), now() AT TIME ZONE 'UTC',
    CASE WHEN ${full}::boolean THEN now() AT TIME ZONE 'UTC' END)
  ON CONFLICT ("organizationId") DO UPDATE SET "reconciledThrough" = EXCLUDED."reconciledThrough", "refreshedAt" = EXCLUDED."refreshedAt",
    "fullRebuildAt" = coalesce(EXCLUDED."fullRebuildAt", "ReportState"."fullRebuildAt")`;

/**
 * Every summary of one organization from scratch, and the record of it, through `run` (a transaction's
 * statement runner: the caller opens the transaction).
 */
export async function rebuildOrganizationSummaries(run: QueryRowsFn, organizationId: string): Promise<void> {
  await run(rebuildSql(organizationId));
  await run(recordReconciledSql(organizationId, true));
}
