// Which tables could be distributed by organization on a sharded PostgreSQL (Citus and the like), read
// from the catalog. A tenant table (one with an "organizationId" column) is distributable only if that
// column is NOT NULL, its primary key and every unique index include it (uniqueness is checked per
// shard), and every foreign key to another tenant table includes it on both sides (rows that reference
// each other live on the same shard). Organization itself is the distribution root (by "id"). A table
// without the column is a reference table, copied to every node; it may not point at a tenant table.

export interface CatalogTable {
  name: string;
  /** null: no organizationId column. */
  organizationIdNotNull: boolean | null;
}

export interface CatalogIndex {
  table: string;
  name: string;
  primary: boolean;
  /** Column names; null entries are expressions. */
  columns: (string | null)[];
}

export interface CatalogForeignKey {
  table: string;
  name: string;
  columns: string[];
  target: string;
  targetColumns: string[];
}

export interface ShardingReport {
  /** Tenant tables that can be distributed by organizationId as they are. */
  ready: string[];
  /** The distribution root and the reference tables. */
  root: string;
  reference: string[];
  /** "Table: what must change", one line per change, sorted. */
  changes: string[];
}

const ORG = "organizationId";
const ROOT = "Organization";

export function shardingReport(
  tables: CatalogTable[],
  indexes: CatalogIndex[],
  foreignKeys: CatalogForeignKey[],
): ShardingReport {
  const tenant = new Set(tables.filter((t) => t.organizationIdNotNull !== null && t.name !== ROOT).map((t) => t.name));
  const changes: string[] = [];
  for (const table of tables) {
    if (table.name === ROOT) continue;
    if (table.organizationIdNotNull === false) changes.push(`${table.name}: make "${ORG}" NOT NULL`);
  }
  for (const index of indexes) {
    if (!tenant.has(index.table) || index.columns.includes(ORG)) continue;
    const columns = index.columns.map((c) => c ?? "(expression)").join(", ");
    changes.push(
      index.primary
        ? `${index.table}: primary key (${columns}) must include "${ORG}"`
        : `${index.table}: unique index ${index.name} (${columns}) must include "${ORG}"`,
    );
  }
  for (const fk of foreignKeys) {
    if (!tenant.has(fk.target)) continue;
    const paired = fk.columns.some((c, i) => c === ORG && fk.targetColumns[i] === ORG);
    if (!tenant.has(fk.table))
      changes.push(`${fk.table}: a reference table may not point at ${fk.target} (${fk.name}); give it "${ORG}"`);
    else if (!paired)
      changes.push(
        `${fk.table}: foreign key ${fk.name} (${fk.columns.join(", ")}) → ${fk.target} must include "${ORG}" on both sides`,
      );
  }
  changes.sort();
  const needing = new Set(changes.map((line) => line.slice(0, line.indexOf(":"))));
  return {
    ready: [...tenant].filter((name) => !needing.has(name)).sort(),
    root: ROOT,
    reference: tables
      .filter((t) => t.organizationIdNotNull === null && t.name !== ROOT)
      .map((t) => t.name)
      .sort(),
    changes,
  };
}

/** The report as the Markdown section of docs/scaling.md. */
export function shardingReportMarkdown(report: ShardingReport): string {
  const list = (items: string[]) => (items.length ? items.map((item) => `- ${item}`).join("\n") : "- (none)");
  return [
    `Distribution root: ${report.root} (distributed by "id").`,
    "",
    `Tenant tables that qualify as they are (${report.ready.length}):`,
    "",
    list(report.ready),
    "",
    `Reference tables, copied to every node (${report.reference.length}):`,
    "",
    list(report.reference),
    "",
    `Changes needed before distributing by organizationId (${report.changes.length}):`,
    "",
    list(report.changes),
  ].join("\n");
}
