import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { quoteIdent, pgConfigFromUrl } from "./pg-url";
import { withClient } from "./postgres";

// The database side of Prisma's WebAssembly schema engine: @prisma/adapter-pg with three corrections.

const CHAR_OID = 18; // PostgreSQL's internal one-byte "char" (pg_class.relkind, pg_constraint.contype, …)
const TEXT_OID = 25;

/**
 * adapter-pg 7.10 throws "Column type 'char' could not be deserialized" on OID 18, which the engine's
 * introspection queries return. Its values arrive as strings already, so report those columns as text.
 */
class CharAsTextClient extends pg.Client {}
const baseQuery = pg.Client.prototype.query;
CharAsTextClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const callback = args.at(-1);
  if (typeof callback === "function") {
    // pg.Pool#query, which the adapter uses, always passes a callback.
    args[args.length - 1] = (error: unknown, result: unknown) => {
      if (!error) reportCharAsText(result);
      callback(error, result);
    };
    return Reflect.apply(baseQuery, this, args);
  }
  const returned: unknown = Reflect.apply(baseQuery, this, args);
  return returned instanceof Promise
    ? returned.then((result: unknown) => (reportCharAsText(result), result))
    : returned;
} as pg.Client["query"];

function reportCharAsText(result: unknown): void {
  for (const one of Array.isArray(result) ? result : [result]) {
    for (const field of (one as Partial<pg.QueryResult> | undefined)?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
}

export type EngineAdapterFactory = SqlMigrationAwareDriverAdapterFactory & {
  /** Closes every pool the engine opened and drops shadow databases it left behind. */
  close(): Promise<void>;
};

export function createEngineAdapterFactory(databaseUrl: string): EngineAdapterFactory {
  const config = pgConfigFromUrl(databaseUrl);
  const openAdapters = new Set<SqlDriverAdapter>();
  const shadowDatabases = new Set<string>();

  async function open(database: string | undefined, afterClose?: () => Promise<void>): Promise<SqlDriverAdapter> {
    const adapter = await new PrismaPg(
      // One connection, like the native engine: session state (its advisory lock) stays on that connection.
      { ...config, database, max: 1, Client: CharAsTextClient },
      { onPoolError: warnUnlessTerminated },
    ).connect();
    const pool = adapter.underlyingDriver();
    adapter.executeScript = (script) => runScript(pool, script);
    const dispose = adapter.dispose.bind(adapter);
    let closing: Promise<void> | undefined;
    adapter.dispose = () =>
      (closing ??= (async () => {
        openAdapters.delete(adapter);
        await dispose();
        await afterClose?.();
      })());
    openAdapters.add(adapter);
    return adapter;
  }

  // PrismaPg's own connectToShadowDb builds its pool from the connection string, whose database name wins
  // over the shadow's: it would replay migrations into the main database. Name every field instead.
  async function connectToShadowDb(): Promise<SqlDriverAdapter> {
    const name = `prisma_shadow_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    await withClient(databaseUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
    shadowDatabases.add(name);
    return open(name, () => dropShadow(name));
  }

  async function dropShadow(name: string): Promise<void> {
    if (!shadowDatabases.delete(name)) return;
    await withClient(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
  }

  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: () => open(config.database),
    connectToShadowDb,
    async close() {
      for (const adapter of [...openAdapters]) await adapter.dispose();
      for (const name of [...shadowDatabases]) await dropShadow(name);
    },
  };
}

/**
 * The adapter splits scripts on ";" (breaking any literal or function body containing one) and runs the
 * pieces one by one. Send the migration as one simple query instead, as the native engine does: PostgreSQL
 * runs it as a single implicit transaction, so a failing migration leaves nothing half-applied.
 */
async function runScript(pool: pg.Pool, script: string): Promise<void> {
  try {
    await pool.query(script);
  } catch (error) {
    if (!(error instanceof pg.DatabaseError)) throw error;
    throw new DriverAdapterError({
      kind: "postgres",
      code: error.code ?? "",
      severity: error.severity ?? "ERROR",
      message: error.message,
      detail: error.detail,
      column: error.column,
      hint: error.hint,
    });
  }
}

function warnUnlessTerminated(error: Error): void {
  // 57P01 admin_shutdown: our own DROP DATABASE … WITH (FORCE) ending a shadow database's idle connection.
  if ((error as { code?: string }).code !== "57P01")
    console.warn(`schema engine: idle connection failed: ${error.message}`);
}
