import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env, requireDatabaseUrl } from "@/lib/env";

// One client per process. Created on first use so `next build` can import modules without a database;
// kept on globalThis so dev-mode module reloads do not open a new pool each time.
const holder = globalThis as typeof globalThis & { __lmsPrisma?: PrismaClient };

export function db(): PrismaClient {
  holder.__lmsPrisma ??= new PrismaClient({
    adapter: new PrismaPg({ connectionString: requireDatabaseUrl(), max: env.DB_POOL_MAX }),
  });
  return holder.__lmsPrisma;
}
