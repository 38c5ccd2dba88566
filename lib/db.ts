import "server-only";
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import Cursor from "pg-cursor";
import { to as copyTo } from "pg-copy-streams";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { env, requireDatabaseUrl } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { markedForPoolTypes, withPoolTypes } from "@/lib/pool-typed-raw";

// One pool and one client per process. Created on first use so `next build` can import modules without a
// database; kept on globalThis so dev-mode module reloads do not open a new pool each time.
const holder = globalThis as typeof globalThis & {
  __lmsPool?: pg.Pool;
  __lmsReplicaPool?: pg.Pool;
  __lmsPrisma?: PrismaClient;
};

const STATEMENT_NAMES_KEPT = 5000;
const statementNames = new Map<string, string>();

/**
 * Named statements are parsed and planned once per connection instead of on every call; planning cost
 * more than executing for most of our index lookups (docs/benchmarks.md). The name is a hash of the SQL
 * text, so one name never stands for two statements. Names are remembered by text (a map lookup costs
 * less than hashing the text again), up to a bound: statements whose text varies without end (an IN list
 * of any length) are named afresh each time past it.
 */
export function statementName(query: { sql: string }): string {
  let name = statementNames.get(query.sql);
  if (name === undefined) {
    name = `lms_${createHash("sha1").update(query.sql).digest("base64url")}`;
    if (statementNames.size < STATEMENT_NAMES_KEPT) statementNames.set(query.sql, name);
  }
  return name;
}

/**
 * A connection is kept open for minutes once idle, not pg's 10 s: a new one costs its server process the
 * report triggers' PL/pgSQL compiled again and every statement planned again, tens of milliseconds of CPU
 * for its first requests, and load comes in bursts (a class submitting at a deadline) that would close and
 * reopen connections every few seconds.
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

function pool(): pg.Pool {
  if (!holder.__lmsPool) {
    holder.__lmsPool = new pg.Pool({
      connectionString: requireDatabaseUrl(),
      max: env.DB_POOL_MAX,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
    });
    // An idle connection dropped by the server (a restart, a failover) must not take the process down.
    holder.__lmsPool.on("error", (error) => logger().error({ error: error.message }, "PostgreSQL pool"));
  }
  return holder.__lmsPool;
}

/**
 * The reports' and exports' pool: DATABASE_REPLICA_URL's when set (their long reads leave the primary to
 * the writes), else the one pool. A replica lags the primary by its replication delay: a report may miss
 * the last second's writes, which a report read by a person never notices; nothing that writes, and
 * nothing a write depends on, reads here.
 */
function replicaPool(): pg.Pool {
  if (!env.DATABASE_REPLICA_URL) return pool();
  if (!holder.__lmsReplicaPool) {
    holder.__lmsReplicaPool = new pg.Pool({
      connectionString: env.DATABASE_REPLICA_URL,
      max: env.DB_POOL_MAX,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
    });
    holder.__lmsReplicaPool.on("error", (error) => logger().error({ error: error.message }, "PostgreSQL replica pool"));
  }
  return holder.__lmsReplicaPool;
}

/** The pool's connections (all, idle) and the queries waiting for one; null before first use. */
export function poolStats(): { total: number; idle: number; waiting: number } | null {
  const open = holder.__lmsPool;
  return open ? { total: open.totalCount, idle: open.idleCount, waiting: open.waitingCount } : null;
}

/** Closes this process's pool (its last users gone: the server and the job workers stopped). */
export async function closeDatabase(): Promise<void> {
  const { __lmsPool: open, __lmsReplicaPool: replica } = holder;
  holder.__lmsPool = undefined;
  holder.__lmsReplicaPool = undefined;
  holder.__lmsPrisma = undefined;
  await Promise.all([open?.end(), replica?.end()]);
}

/**
 * The options of a transaction that writes thousands of rows (a bulk change of up to 5,000 people, a big
 * group, a deleted user's references), with their audit entries and webhook events: seconds on a busy
 * machine, past Prisma's default limit of 5 s.
 */
export const LONG_TRANSACTION = { timeout: 60_000, maxWait: 10_000 } as const;

/**
 * Every other transaction's limits. Prisma's own (2 s to get a connection, 5 s to run) fail a request that
 * queued behind a busy minute, a class submitting a quiz at once, and would have succeeded a moment later;
 * the limit is still there to end a transaction that hangs with its locks.
 */
export const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 15_000 } as const;

export function db(): PrismaClient {
  holder.__lmsPrisma ??= new PrismaClient({
    adapter: withPoolTypes(new PrismaPg(pool(), { statementNameGenerator: statementName })),
    transactionOptions: TRANSACTION_LIMITS,
  });
  return holder.__lmsPrisma;
}

// TIMESTAMP(3) columns hold UTC (Prisma writes them so): read them back as UTC, as Prisma does.
const parseTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);

/** A TIMESTAMP(3) column's value inside a statement's json (json_agg, json_build_object): UTC, like the column. */
export const jsonTimestamp = (text: string): Date => parseTimestamp(text);
const TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.TIMESTAMP
      ? parseTimestamp
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The one door for hand-written SQL (docs/architecture.md "Two ways to reach the database"): a
 * `Prisma.sql` template, whose interpolations are always bound parameters (or nested `Prisma.sql`
 * fragments), never text spliced into the statement.
 *
 * Without `tx`, the statement goes straight through pg on Prisma's own pool, as a named statement
 * (parsed and planned once per connection): on the hot reads (every request's caller lookup, course
 * access, the course list, the dashboard, the reports, the SCORM commit) Prisma's raw-query layer cost
 * more CPU than the query itself (docs/benchmarks.md).
 *
 * With `tx` (a Prisma interactive transaction), it runs on the transaction's connection through
 * `tx.$queryRaw`. Either way the columns come back as pg reads them on the pool: int8, numeric and time as
 * strings (the text PostgreSQL sends), TIMESTAMP(3) as UTC Dates, json parsed (lib/pool-typed-raw.ts
 * keeps Prisma's conversions out of the transaction's reads).
 */
export async function queryRows<R extends object>(query: Prisma.Sql, tx?: Prisma.TransactionClient): Promise<R[]> {
  if (tx) return tx.$queryRaw<R[]>(markedForPoolTypes(query));
  return namedQuery<R>(pool(), query);
}

/**
 * queryRows for the reports' reads (lib/server/reports: pages, overview, details), on the replica when
 * DATABASE_REPLICA_URL is set. The summaries' refresh and anything that writes use queryRows.
 */
export async function reportRows<R extends object>(query: Prisma.Sql): Promise<R[]> {
  return namedQuery<R>(replicaPool(), query);
}

async function namedQuery<R extends object>(on: pg.Pool, query: Prisma.Sql): Promise<R[]> {
  const text = query.text;
  const result = await on.query<R & pg.QueryResultRow>({
    name: statementName({ sql: text }),
    text,
    values: query.values,
    types: TYPES,
  });
  return result.rows;
}

/** queryRows' shape, for code that runs the same statements through the app's pool, a transaction or another pool (the benchmark's ceiling). */
export type QueryRowsFn = <R extends object>(query: Prisma.Sql) => Promise<R[]>;

/**
 * The text of a COPY statement. COPY takes no bound parameters, so this is the one place where values
 * become SQL literals: each through pg's escapeLiteral, and strings only (a cast in the statement types it).
 */
export function copyStatementText(query: Prisma.Sql): string {
  return query.strings.reduce((text, piece, i) => `${text}${copyLiteral(query.values[i - 1])}${piece}`);
}

function copyLiteral(value: unknown): string {
  if (typeof value !== "string") throw new TypeError("A COPY statement's values are strings: cast them in the SQL");
  return pg.escapeLiteral(value);
}

/**
 * `COPY (SELECT …) TO STDOUT …` on a connection of the one pool, as a stream of the bytes PostgreSQL sends
 * (the CSV exports: memory stays flat whatever the size, and a slow reader slows the database down). The
 * connection goes back to the pool when the stream ends; one left in the middle of a COPY (a failure, a
 * reader that went away and destroyed the stream) is closed instead.
 */
export async function copyOut(query: Prisma.Sql): Promise<Readable> {
  // The exports' door: on the replica when there is one.
  const client = await replicaPool().connect();
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  try {
    const stream = client.query(copyTo(copyStatementText(query)));
    stream.once("end", () => release());
    stream.once("error", (error) => release(error));
    stream.once("close", () => release(true));
    return stream;
  } catch (error) {
    release(true);
    throw error;
  }
}

/**
 * A statement's rows in batches of `size`, read through a cursor on a connection of the one pool: the
 * statement runs once however far the reader goes (an OFFSET would read every row before it again for each
 * batch), and memory holds one batch. The connection goes back when the rows are done or the reader stops;
 * after a failure it is closed instead.
 */
export async function* readInBatches<R extends pg.QueryResultRow>(
  query: Prisma.Sql,
  size: number,
): AsyncGenerator<R[]> {
  // The report exports' door: on the replica when there is one.
  const client = await replicaPool().connect();
  const cursor = client.query(new Cursor<R>(query.text, [...query.values], { types: TYPES }));
  let failed = false;
  try {
    for (;;) {
      const rows = await cursor.read(size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A cursor that failed is closed with its connection; one read to the end or left early, here.
    if (!failed) await cursor.close().catch(() => (failed = true));
    client.release(failed);
  }
}
