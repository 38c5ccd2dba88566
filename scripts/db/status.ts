import { elapsed, runDatabaseCommand } from "../lib/db-cli";
import { migrationStatus, type MigrationStatus } from "../../server/database/schema-engine";

// Usage: npm run db:status        → pending migrations and drift; exit code 1 unless the database is clean
await runDatabaseCommand(async (databaseUrl) => {
  const started = Date.now();
  const status = await migrationStatus(databaseUrl);
  console.log(formatStatus(status));
  console.log(`(${elapsed(started)})`);
  return status.clean ? 0 : 1;
});

function formatStatus(status: MigrationStatus): string {
  const lines = [`${status.migrations.length} migration(s) in prisma/migrations.`];
  const list = (title: string, names: string[], hint: string) => {
    if (names.length > 0) lines.push("", `${title}:`, ...names.map((n) => `  - ${n}`), `  → ${hint}`);
  };
  list("Pending (not applied yet)", status.pending, "npm run db:migrate");
  list(
    "Applied but missing from prisma/migrations",
    status.appliedNotInFolder,
    "get those migration folders (git pull?) or use another database",
  );
  list("Failed", status.failed, "fix the database by hand, then mark the migration rolled back or applied");
  list(
    "Edited after being applied",
    status.edited,
    "restore the applied migration.sql; put changes in a new migration",
  );
  if (status.drift) {
    lines.push("", "Drift: the database differs from what its applied migrations create:", indent(status.drift));
    lines.push("  → undo the manual change, or capture it in a new migration and reset this database");
  }
  if (status.unmigratedSchemaChanges) {
    lines.push(
      "",
      "Note: prisma/schema.prisma has changes no migration contains yet:",
      indent(status.unmigratedSchemaChanges),
    );
    lines.push("  → npm run db:migration -- <name>");
  }
  lines.push("", status.clean ? "✔ Database schema is up to date." : "✘ Database schema is not up to date.");
  return lines.join("\n");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
