import { elapsed, runDatabaseCommand } from "../lib/db-cli";
import { createMigration } from "../../server/database/schema-engine";

// Usage: npm run db:migration -- <name>   → prisma/migrations/<timestamp>_<name>/migration.sql from the
// changes in prisma/schema.prisma (pending migrations are applied first; the new one is not).
const name = process.argv.slice(2).join(" ").trim();
if (!name) {
  console.error("Usage: npm run db:migration -- <name>   (e.g. add_course_tags)");
  process.exit(2);
}

await runDatabaseCommand(async (databaseUrl) => {
  const started = Date.now();
  const created = await createMigration(databaseUrl, name);
  if (created) console.log(`Review it, then apply it with \`npm run db:migrate\` (${elapsed(started)}).`);
  return 0;
});
