import type pg from "pg";

// Loading into tables without their indexes and foreign keys, then building those once, is many times
// faster than maintaining them row by row. The definitions are read from the catalog before they are
// dropped and re-created verbatim (same names, same clauses), so the schema ends exactly as migrated.

export interface DeferredSchema {
  /** CREATE INDEX statements, primary keys included (added afterwards USING INDEX). */
  indexes: { table: string; sql: string }[];
  primaryKeys: string[];
  foreignKeys: string[];
}

/** Drops the indexes, primary keys and foreign keys of these tables (and foreign keys pointing at them). */
export async function dropForLoad(client: pg.Client, tables: readonly string[]): Promise<DeferredSchema> {
  const names = tables.map((t) => `"${t}"`);
  const relations = "(SELECT unnest($1::text[])::regclass)";
  const foreignKeys = await client.query<{ tbl: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS tbl, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE contype = 'f' AND (conrelid IN ${relations} OR confrelid IN ${relations})`,
    [names],
  );
  const primaryKeys = await client.query<{ tbl: string; name: string; index: string }>(
    `SELECT conrelid::regclass::text AS tbl, quote_ident(conname) AS name, pg_get_indexdef(conindid) AS index
       FROM pg_constraint WHERE contype = 'p' AND conrelid IN ${relations}`,
    [names],
  );
  const others = await client.query<{ tbl: string; name: string; def: string }>(
    `SELECT i.indrelid::regclass::text AS tbl, i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i WHERE i.indrelid IN ${relations}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x'))`,
    [names],
  );
  const unexpected = await client.query(
    `SELECT conname FROM pg_constraint WHERE contype IN ('u', 'x') AND conrelid IN ${relations}`,
    [names],
  );
  if (unexpected.rowCount)
    throw new Error(
      `Unique/exclusion constraints are not handled by the bulk loader: ${unexpected.rows.map((r) => r.conname).join(", ")}`,
    );

  for (const fk of foreignKeys.rows) await client.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${fk.name}`);
  for (const pk of primaryKeys.rows) await client.query(`ALTER TABLE ${pk.tbl} DROP CONSTRAINT ${pk.name}`);
  for (const index of others.rows) await client.query(`DROP INDEX ${index.name}`);
  return {
    indexes: [
      ...primaryKeys.rows.map((pk) => ({ table: pk.tbl, sql: pk.index })),
      ...others.rows.map((i) => ({ table: i.tbl, sql: i.def })),
    ],
    primaryKeys: primaryKeys.rows.map(
      (pk) => `ALTER TABLE ${pk.tbl} ADD CONSTRAINT ${pk.name} PRIMARY KEY USING INDEX ${pk.name}`,
    ),
    foreignKeys: foreignKeys.rows.map((fk) => `ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${fk.name} ${fk.def}`),
  };
}

/**
 * Builds the indexes on all the given connections at once (CREATE INDEX on one table only takes a
 * SHARE lock, so builds on the same table run side by side), then the keys. Foreign keys are validated
 * one at a time: each locks both of its tables against the others.
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
