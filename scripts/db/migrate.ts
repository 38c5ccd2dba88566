import { elapsed, runDatabaseCommand } from "../lib/db-cli";
import { applyMigrations } from "../../server/database/schema-engine";

// Usage: npm run db:migrate       → applies pending migrations (what `prisma migrate deploy` does)
await runDatabaseCommand(async (databaseUrl) => {
  const started = Date.now();
  const applied = await applyMigrations(databaseUrl);
  console.log(
    applied.length === 0
      ? `No pending migrations (${elapsed(started)}).`
      : `Applied ${applied.length} migration(s) in ${elapsed(started)}.`,
  );
  return 0;
});
