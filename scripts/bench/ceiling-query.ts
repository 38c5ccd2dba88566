import type pg from "pg";
import { statementName } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The app's statement (a `Prisma.sql` template, as lib/db.ts queryRows takes it) as a named (prepared)
 * statement under the app's own naming, so both servers send the same text and values and plan each
 * statement once per connection.
 */
export function query<R extends pg.QueryResultRow>(pool: pg.Pool, sql: Prisma.Sql): Promise<pg.QueryResult<R>> {
  const text = sql.text;
  return pool.query<R>({ name: statementName({ sql: text }), text, values: sql.values });
}
