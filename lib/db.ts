import "server-only";
import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env, requireDatabaseUrl } from "@/lib/env";

// One pool and one client per process. Created on first use so `next build` can import modules without a
// database; kept on globalThis so dev-mode module reloads do not open a new pool each time.
const holder = globalThis as typeof globalThis & { __lmsPool?: pg.Pool; __lmsPrisma?: PrismaClient };

/**
 * Named statements are parsed and planned once per connection instead of on every call; planning cost
 * more than executing for most of our index lookups (docs/benchmarks.md). The name is a hash of the SQL
 * text, so one name never stands for two statements.
 */
export function statementName(query: { sql: string }): string {
  return `lms_${createHash("sha1").update(query.sql).digest("base64url")}`;
}

function pool(): pg.Pool {
  if (!holder.__lmsPool) {
    holder.__lmsPool = new pg.Pool({ connectionString: requireDatabaseUrl(), max: env.DB_POOL_MAX });
    // An idle connection dropped by the server (a restart, a failover) must not take the process down.
    holder.__lmsPool.on("error", (error) => console.error("PostgreSQL pool:", error.message));
  }
  return holder.__lmsPool;
}

export function db(): PrismaClient {
  holder.__lmsPrisma ??= new PrismaClient({ adapter: new PrismaPg(pool(), { statementNameGenerator: statementName }) });
  return holder.__lmsPrisma;
}

// TIMESTAMP(3) columns hold UTC (Prisma writes them so): read them back as UTC, as Prisma does.
const parseTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.TIMESTAMP ? parseTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Hand-written reads on the hottest paths (every request's caller lookup, course access, the course list,
 * the dashboard), sent straight through pg on Prisma's own pool: for these, Prisma's raw-query layer cost
 * more CPU than the query itself (docs/benchmarks.md). Values are always bound parameters.
 */
export async function queryRows<R extends pg.QueryResultRow>(text: string, values: readonly unknown[]): Promise<R[]> {
  const result = await pool().query<R>({ name: statementName({ sql: text }), text, values: [...values], types: TYPES });
  return result.rows;
}

/** queryRows' shape, for code that runs the same statements through pg or inside a Prisma transaction. */
export type QueryRowsFn = <R>(text: string, values: readonly unknown[]) => Promise<R[]>;
