import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  shardingReport,
  shardingReportMarkdown,
  type CatalogForeignKey,
  type CatalogIndex,
  type CatalogTable,
} from "@/lib/ops/sharding-readiness";
import { testDb } from "@/test/factories";

// Reads the migrated schema from PostgreSQL's catalog and writes which tables could be distributed by
// organization (docs/scaling.md, between its markers). Fails when a new table or constraint adds a
// change to the list below; when a change is made, remove its line here.

const KNOWN_CHANGES: string[] = [];

const DOC = path.join(process.cwd(), "docs", "scaling.md");
const START = "<!-- sharding-report:start -->";
const END = "<!-- sharding-report:end -->";

async function readCatalog() {
  const db = testDb();
  const tables = await db.$queryRawUnsafe<CatalogTable[]>(`
    SELECT c.relname AS name,
           (SELECT a.attnotnull FROM pg_attribute a
             WHERE a.attrelid = c.oid AND a.attname = 'organizationId' AND NOT a.attisdropped) AS "organizationIdNotNull"
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'`);
  const indexes = await db.$queryRawUnsafe<CatalogIndex[]>(`
    SELECT t.relname AS "table", i.relname AS name, x.indisprimary AS primary,
           ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(attnum, n)
                   LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                  ORDER BY k.n) AS columns
      FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND x.indisunique AND t.relname <> '_prisma_migrations'`);
  const foreignKeys = await db.$queryRawUnsafe<CatalogForeignKey[]>(`
    SELECT t.relname AS "table", c.conname AS name, f.relname AS target,
           ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
           ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS "targetColumns"
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND c.contype = 'f'`);
  return { tables, indexes, foreignKeys };
}

afterAll(async () => {
  await testDb().$disconnect();
});

describe("sharding readiness", () => {
  it("lists what must change before tenant tables can be distributed by organizationId, and never more", async () => {
    const { tables, indexes, foreignKeys } = await readCatalog();
    const report = shardingReport(tables, indexes, foreignKeys);
    const doc = readFileSync(DOC, "utf8");
    const section = `${START}\n\n${shardingReportMarkdown(report)}\n\n${END}`;
    const updated = doc.replace(new RegExp(`${START}[\\s\\S]*${END}`), section);
    if (updated !== doc) writeFileSync(DOC, updated);
    expect(report.changes.filter((change) => !KNOWN_CHANGES.includes(change))).toEqual([]);
  });
});
