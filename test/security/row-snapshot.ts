import { testDb } from "@/test/factories";

// What an organization owns, as one hash per table: every table with an organizationId column (so a
// table added later is covered the day it exists), the organization's row itself, and its users' reset
// tokens. Equal snapshots before and after a run mean not one of its rows changed.

let tables: Promise<string[]> | undefined;

function tenantTables(): Promise<string[]> {
  tables ??= testDb().$queryRaw<
    { table_name: string }[]
  >`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'organizationId' ORDER BY table_name`
    // ReportState only records when an organization's report summaries were last reconciled: a
    // superadmin's platform-wide refresh (another suite file, at the same moment) writes it for every
    // organization. The summaries themselves stay compared: a refresh leaves them equal to the base rows.
    .then((rows) => rows.map((r) => r.table_name).filter((table) => table !== "ReportState"));
  return tables;
}

export type Snapshot = Record<string, string>;

export async function snapshotOrganization(organizationId: string): Promise<Snapshot> {
  const parts = (await tenantTables()).map(
    (table) =>
      `SELECT '${table}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h, count(*)::int AS n FROM "${table}" x WHERE x."organizationId" = $1::uuid`,
  );
  parts.push(
    `SELECT 'Organization', md5(coalesce(string_agg(x::text, '|'), '')), count(*)::int FROM "Organization" x WHERE x."id" = $1::uuid`,
  );
  parts.push(
    `SELECT 'PasswordResetToken', md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')), count(*)::int FROM "PasswordResetToken" x JOIN "User" u ON u."id" = x."userId" WHERE u."organizationId" = $1::uuid`,
  );
  const rows = await testDb().$queryRawUnsafe<{ t: string; h: string; n: number }[]>(
    parts.join(" UNION ALL "),
    organizationId,
  );
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
