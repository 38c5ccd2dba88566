import { prepareAuthEnv } from "../lib/runtime-env";

// Usage: npm run db:seed            → demo organizations, accounts and a little content (idempotent)
prepareAuthEnv();
const { ensureDatabaseUrl } = await import("../lib/postgres");
const { applyMigrations } = await import("./schema-engine");
const database = await ensureDatabaseUrl("app");
process.env.DATABASE_URL = database.url;
try {
  await applyMigrations(database.url);
  const { db } = await import("@/lib/db");
  const { seedDemo } = await import("@/prisma/seed/seed-demo");
  await seedDemo(db());
  console.log("Demo data is in place.");
  await db().$disconnect();
} finally {
  await database.stop();
}
process.exit(0);
