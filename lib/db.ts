import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env, requireDatabaseUrl } from "@/lib/env";

// One client per process. Created on first use so `next build` can import modules without a database;
// kept on globalThis so dev-mode module reloads do not open a new pool each time.
const holder = globalThis as typeof globalThis & { __lmsPrisma?: PrismaClient };

/**
 * Named statements are parsed and planned once per connection instead of on every call; planning cost
 * more than executing for most of our index lookups (docs/benchmarks.md). The name is a hash of the SQL
 * text, so one name never stands for two statements.
 */
export function statementName(query: { sql: string }): string {
  return `lms_${createHash("sha1").update(query.sql).digest("base64url")}`;
}

export function db(): PrismaClient {
  holder.__lmsPrisma ??= new PrismaClient({
    adapter: new PrismaPg({ connectionString: requireDatabaseUrl(), max: env.DB_POOL_MAX }, { statementNameGenerator: statementName }),
  });
  return holder.__lmsPrisma;
}
