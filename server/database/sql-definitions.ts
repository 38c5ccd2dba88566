import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// SQL that lives in a source file beside the code that uses it, installed by the migrations that embed a
// copy of the file between two marker lines: lib/server/reports/summaries.sql holds the report summaries'
// triggers and their rebuild, one definition a reader finds from lib/server/reports/. Each file is
// re-runnable (it drops and re-creates what it defines). `npm run db:migration` embeds every file whose
// text differs from its newest copy; sql-definitions.test.ts fails while one does.

export const SQL_DEFINITIONS: readonly string[] = ["lib/server/reports/summaries.sql"];

const beginMarker = (file: string) => `-- >>> ${file} (a copy: edit that file, then run npm run db:migration)`;
const endMarker = (file: string) => `-- <<< ${file}`;

/** A definition file's text as a migration embeds it. */
export function embedDefinition(file: string, text: string): string {
  return `${beginMarker(file)}\n${text.trimEnd()}\n${endMarker(file)}\n`;
}

/** The newest migration's copy of a definition file, or null when no migration embeds it. */
function newestCopy(migrationsDir: string, file: string): { migration: string; text: string } | null {
  const folders = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort((a, b) => b.localeCompare(a))
    : [];
  const begin = `${beginMarker(file)}\n`;
  const end = `\n${endMarker(file)}\n`;
  for (const migration of folders) {
    const script = path.join(migrationsDir, migration, "migration.sql");
    if (!existsSync(script)) continue;
    const sql = readFileSync(script, "utf8");
    const at = sql.lastIndexOf(begin);
    if (at < 0) continue;
    const stop = sql.indexOf(end, at);
    if (stop < 0) throw new Error(`${migration}/migration.sql: the copy of ${file} has no end marker`);
    return { migration, text: sql.slice(at + begin.length, stop + 1) };
  }
  return null;
}

/** The definition files whose text differs from their newest copy in a migration (or that none embeds yet). */
export function staleDefinitions(
  root: string,
  migrationsDir: string,
  files: readonly string[] = SQL_DEFINITIONS,
): { file: string; text: string }[] {
  return files.flatMap((file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    return newestCopy(migrationsDir, file)?.text === `${text.trimEnd()}\n` ? [] : [{ file, text }];
  });
}
