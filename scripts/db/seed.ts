import { prepareAuthEnv } from "../../server/runtime-env";

// Usage: npm run db:seed                 → demo organizations, accounts and a little content (idempotent)
//        npm run db:seed -- --size large → the benchmark dataset in its own database (re-created each time)
prepareAuthEnv();
const size = sizeArgument(process.argv.slice(2));
if (size === "large") {
  const { startPostgres } = await import("../../server/database/postgres");
  const { seedLarge } = await import("./seed-large");
  const server = await startPostgres({ purpose: "app" });
  try {
    await seedLarge(server.serverUrl);
  } finally {
    await server.stop();
  }
  process.exit(0);
}

const { ensureDatabaseUrl } = await import("../../server/database/postgres");
const { applyMigrations } = await import("../../server/database/schema-engine");
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

function sizeArgument(args: string[]): "demo" | "large" {
  const at = args.findIndex((a) => a === "--size" || a.startsWith("--size="));
  if (at < 0) return "demo";
  const value = args[at]!.includes("=") ? args[at]!.split("=")[1] : args[at + 1];
  if (value === "large" || value === "demo") return value;
  console.error("Usage: npm run db:seed [-- --size large]");
  process.exit(2);
}
