import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { readCatalog, type DefinitionCatalog } from "./definition-catalog";
import { catalogDifferences, planDefinitionChanges } from "./definition-plan";
import { readMigrationsList } from "./migrations-folder";
import { createFreshDatabase, withClient } from "./postgres";

// SQL that lives in a source file beside the code that uses it: lib/server/reports/summaries.sql holds the
// report summaries' triggers and their rebuild, one definition a reader finds from lib/server/reports/.
// Each file is the whole current definition of one schema (it drops and re-creates it). Migrations carry
// only what changed: `npm run db:migration` loads the file into a scratch database migrated so far,
// compares the schema's catalog before and after, and writes statements for the objects that differ
// (definition-plan.ts). A database whose schema differs from its file is reported by definitionDrift.

export type SqlDefinition = { file: string; schema: string };

export const SQL_DEFINITIONS: readonly SqlDefinition[] = [
  { file: "lib/server/reports/summaries.sql", schema: "report" },
];

/** The schema as the database has it, and as the file defines it (loaded in a transaction rolled back). */
async function installedAndDefined(
  client: pg.ClientBase,
  root: string,
  definition: SqlDefinition,
): Promise<{ installed: DefinitionCatalog; defined: DefinitionCatalog }> {
  await client.query("BEGIN");
  try {
    const installed = await readCatalog(client, definition.schema);
    await client.query(readFileSync(path.join(root, definition.file), "utf8"));
    const defined = await readCatalog(client, definition.schema);
    return { installed, defined };
  } catch (error) {
    throw new Error(`${definition.file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await client.query("ROLLBACK");
  }
}

/** The definition files whose schema in this database differs from the file, with the objects that differ. */
export async function definitionDrift(
  databaseUrl: string,
  root: string,
  definitions: readonly SqlDefinition[] = SQL_DEFINITIONS,
): Promise<{ file: string; differences: string[] }[]> {
  return withClient(databaseUrl, async (client) => {
    const drift: { file: string; differences: string[] }[] = [];
    for (const definition of definitions) {
      const { installed, defined } = await installedAndDefined(client, root, definition);
      const differences = catalogDifferences(installed, defined);
      if (differences.length) drift.push({ file: definition.file, differences });
    }
    return drift;
  });
}

export type DefinitionMigration = { file: string; changed: string[]; sql: string };

/**
 * For each definition file, the statements that bring what the migrations (and `pendingScript`, the new
 * migration's own schema change) install to what the file defines: only the objects that changed. Worked
 * out in a scratch database on `databaseUrl`'s server, where they are also applied and checked to leave
 * exactly the file's schema.
 */
export async function definitionMigrations(
  databaseUrl: string,
  migrationsDir: string,
  root: string,
  definitions: readonly SqlDefinition[],
  pendingScript: string | null,
): Promise<DefinitionMigration[]> {
  const scratch = await createFreshDatabase(databaseUrl, "lms_definitions");
  try {
    return await withClient(scratch.url, async (client) => {
      for (const migration of readMigrationsList(migrationsDir).migrationDirectories) {
        const script = migration.migrationFile.content;
        if (script.tag === "error") throw new Error(`${migration.path}: ${script.value}`);
        await client.query(script.value);
      }
      if (pendingScript) await client.query(pendingScript);
      const migrations: DefinitionMigration[] = [];
      for (const definition of definitions) {
        const { installed, defined } = await installedAndDefined(client, root, definition);
        const statements = planDefinitionChanges(installed, defined);
        if (!statements.length) continue;
        await applyAndCheck(client, statements, defined);
        const changed = catalogDifferences(installed, defined);
        migrations.push({ file: definition.file, changed, sql: statements.join("\n\n") });
      }
      return migrations;
    });
  } finally {
    await scratch.drop();
  }
}

/** Applies the statements (kept for the next file) after checking they leave the schema the file defines. */
async function applyAndCheck(client: pg.ClientBase, statements: string[], defined: DefinitionCatalog): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query(statements.join("\n"));
    const differences = catalogDifferences(await readCatalog(client, defined.schema), defined);
    if (differences.length)
      throw new Error(
        `The statements for ${defined.schema} leave these objects unlike the file: ${differences.join(", ")}`,
      );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/** A definition file's statements as a migration carries them. */
export function migrationSection(migration: DefinitionMigration): string {
  return `-- ${migration.file}: the objects that changed (written by npm run db:migration from that file; edit the file)\n${migration.sql}\n`;
}
