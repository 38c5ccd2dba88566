import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { testDb } from "@/test/factories";

// What an organization owns, as one hash per table: every table with an organizationId column (so a
// table added later is covered the day it exists), the organization's row itself, and its users' reset
// tokens. Equal snapshots before and after a run mean not one of its rows changed.
// ReportState only records when an organization's report summaries were last reconciled: a superadmin's
// platform-wide refresh (another suite file, at the same moment) writes it for every organization. The
// summaries themselves stay compared: a refresh leaves them equal to the base rows.
// The tables are named by the catalog, so each one's query is made in the database (format's %I and %L
// quote the name and the organization) and run there by query_to_xml: the statement sent is fixed.

const snapshotSql = (
  organizationId: string,
) => Prisma.sql`SELECT s.t, (xpath('/table/row/h/text()', s.x))[1]::text AS h,
    (xpath('/table/row/n/text()', s.x))[1]::text::int AS n
  FROM (
    SELECT c.table_name::text AS t, query_to_xml(format('SELECT md5(coalesce(string_agg(x::text, ''|'' ORDER BY x::text), '''')) AS h, count(*) AS n FROM %I x WHERE x."organizationId" = %L::uuid',
      c.table_name, ${organizationId}::text), false, false, '') AS x
    FROM information_schema.columns c
    WHERE c.table_schema = 'public' AND c.column_name = 'organizationId' AND c.table_name <> 'ReportState'
    UNION ALL
    SELECT 'Organization', query_to_xml(format('SELECT md5(coalesce(string_agg(x::text, ''|'' ORDER BY x::text), '''')) AS h, count(*) AS n FROM "Organization" x WHERE x."id" = %L::uuid',
      ${organizationId}::text), false, false, '')
    UNION ALL
    SELECT 'PasswordResetToken', query_to_xml(format('SELECT md5(coalesce(string_agg(x::text, ''|'' ORDER BY x::text), '''')) AS h, count(*) AS n FROM "PasswordResetToken" x JOIN "User" u ON u."id" = x."userId" WHERE u."organizationId" = %L::uuid',
      ${organizationId}::text), false, false, '')
  ) s`;

export type Snapshot = Record<string, string>;

export async function snapshotOrganization(organizationId: string): Promise<Snapshot> {
  const rows = await queryRows<{ t: string; h: string; n: number }>(snapshotSql(organizationId), testDb());
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys({ ...before, ...after })
    .filter((t) => before[t] !== after[t])
    .sort();
}

/** Row counts per table: what the fuzzer compares around a refused request (a partial write shows). */
export async function countOrganizationRows(organizationId: string): Promise<Record<string, number>> {
  const snapshot = await snapshotOrganization(organizationId);
  return Object.fromEntries(Object.entries(snapshot).map(([t, v]) => [t, Number(v.split(":")[0])]));
}
