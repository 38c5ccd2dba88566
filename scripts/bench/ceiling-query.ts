import type pg from "pg";
import { statementName } from "@/lib/db";

/** A named (prepared) statement under the app's own naming, so both servers plan each statement once per connection. */
export function query<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  return pool.query<R>({ name: statementName({ sql: text }), text, values });
}
