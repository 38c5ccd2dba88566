import type pg from "pg";

// Loading into tables without their indexes and foreign keys, then building those once, is many times
// faster than maintaining them row by row. The definitions are read from the catalog before they are
// dropped and re-created verbatim (same names, same clauses), so the schema ends exactly as migrated.
// Every statement is written by the catalog itself (format() with %I, a regclass's quoted name,
// pg_get_indexdef and pg_get_constraintdef): no name is spliced into SQL here.

export interface DeferredSchema {
  /** CREATE INDEX statements, primary keys included (added afterwards USING INDEX), with their table's name. */
  indexes: { table: string; sql: string }[];
  primaryKeys: string[];
  foreignKeys: string[];
}

/** The tables' oids (their names quoted by the catalog), for an `IN` against conrelid, confrelid and indrelid. */
const RELATIONS = "(SELECT to_regclass(quote_ident(name))::oid FROM unnest($1::text[]) AS name)";

/** Drops the indexes, primary keys and foreign keys of these tables (and foreign keys pointing at them). */
export async function dropForLoad(client: pg.Client, tables: readonly string[]): Promise<DeferredSchema> {
  const foreignKeys = await client.query<{ drop: string; add: string }>(
    `SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname) AS "drop",
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) AS "add"
       FROM pg_constraint WHERE contype = 'f' AND (conrelid IN ${RELATIONS} OR confrelid IN ${RELATIONS})`,
    [tables],
  );
  const primaryKeys = await client.query<{ table: string; drop: string; index: string; add: string }>(
    `SELECT t.relname AS "table",
            format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname) AS "drop",
            pg_get_indexdef(c.conindid) AS "index",
            format('ALTER TABLE %s ADD CONSTRAINT %I PRIMARY KEY USING INDEX %I', c.conrelid::regclass, c.conname, c.conname) AS "add"
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid WHERE c.contype = 'p' AND c.conrelid IN ${RELATIONS}`,
    [tables],
  );
  const others = await client.query<{ table: string; drop: string; create: string }>(
    `SELECT t.relname AS "table", format('DROP INDEX %s', i.indexrelid::regclass) AS "drop",
            pg_get_indexdef(i.indexrelid) AS "create"
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid WHERE i.indrelid IN ${RELATIONS}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x'))`,
    [tables],
  );
  const unexpected = await client.query<{ conname: string }>(
    `SELECT conname FROM pg_constraint WHERE contype IN ('u', 'x') AND conrelid IN ${RELATIONS}`,
    [tables],
  );
  if (unexpected.rowCount)
    throw new Error(
      `Unique/exclusion constraints are not handled by the bulk loader: ${unexpected.rows.map((r) => r.conname).join(", ")}`,
    );

  for (const { drop } of [...foreignKeys.rows, ...primaryKeys.rows, ...others.rows]) await client.query(drop);
  return {
    indexes: [
      ...primaryKeys.rows.map((pk) => ({ table: pk.table, sql: pk.index })),
      ...others.rows.map((i) => ({ table: i.table, sql: i.create })),
    ],
    primaryKeys: primaryKeys.rows.map((pk) => pk.add),
    foreignKeys: foreignKeys.rows.map((fk) => fk.add),
  };
}

/**
 * Builds the indexes on all the given connections at once (CREATE INDEX on one table only takes a
 * SHARE lock, so builds on the same table run side by side), then the keys. Foreign keys are validated
 * one at a time: each locks both of its tables against the others. `sizes` (rows per table name) puts the
 * largest tables' indexes first.
 */
export async function restoreAfterLoad(
  clients: readonly pg.Client[],
  schema: DeferredSchema,
  sizes: Map<string, number>,
): Promise<void> {
  const queue = [...schema.indexes].sort((a, b) => (sizes.get(b.table) ?? 0) - (sizes.get(a.table) ?? 0));
  await Promise.all(
    clients.map(async (client) => {
      for (let next = queue.shift(); next; next = queue.shift()) await client.query(next.sql);
    }),
  );
  const [first] = clients;
  for (const sql of [...schema.primaryKeys, ...schema.foreignKeys]) await first!.query(sql);
}
