import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import type {
  CreateMigrationOutput,
  DiffTarget,
  MigrationList,
  SchemaEngine,
  SchemaFilter,
  SchemasContainer,
} from "@prisma/schema-engine-wasm/schema_engine_bg";
import { migrationSlug, readMigrationsList, writeMigration } from "./migrations-folder";
import { definitionMigrations, migrationSection, SQL_DEFINITIONS, type SqlDefinition } from "./sql-definitions";
import { createEngineAdapterFactory } from "./schema-engine-adapter";

// `prisma migrate` without the native schema engine (its binary cannot be downloaded here): Prisma's own
// WebAssembly build of the engine, talking to PostgreSQL through @prisma/adapter-pg. Same migrations folder,
// same `_prisma_migrations` rows, so this and `prisma migrate deploy` are interchangeable.

export type MigrationProject = {
  schemaPath: string;
  migrationsDir: string;
  /** SQL definition files (server/database/sql-definitions.ts), relative to `root`: new migrations carry what changed in them. */
  definitions?: { root: string; files: readonly SqlDefinition[] };
};

/** The Prisma layout under a project root: prisma/schema.prisma and prisma/migrations. */
export function projectAt(root: string): MigrationProject {
  return {
    schemaPath: path.join(root, "prisma", "schema.prisma"),
    migrationsDir: path.join(root, "prisma", "migrations"),
  };
}

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const repoProject: MigrationProject = {
  ...projectAt(REPO_ROOT),
  definitions: { root: REPO_ROOT, files: SQL_DEFINITIONS },
};

const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

/** Applies pending migrations (what `prisma migrate deploy` does); returns the names applied. */
export async function applyMigrations(databaseUrl: string, project: MigrationProject = repoProject): Promise<string[]> {
  return withEngine(databaseUrl, project, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: readMigrationsList(project.migrationsDir),
      filters: NO_FILTERS,
    });
    for (const name of appliedMigrationNames) console.log(`Applied migration ${name}`);
    return appliedMigrationNames;
  });
}

export type CreatedMigration = { name: string; folder: string; warnings: string[] };

/**
 * Writes a migration from the migration history to schema.prisma, without applying it (like
 * `prisma migrate dev --create-only`, which also applies pending migrations first), followed by the objects
 * of each SQL definition file that differ from what the migrations so far install. Null when nothing changed.
 */
export async function createMigration(
  databaseUrl: string,
  name: string,
  project: MigrationProject = repoProject,
): Promise<CreatedMigration | null> {
  const { created, warnings } = await draftSchemaMigration(databaseUrl, migrationSlug(name), project);
  const definitions = project.definitions
    ? await definitionMigrations(
        databaseUrl,
        project.migrationsDir,
        project.definitions.root,
        project.definitions.files,
        created.migrationScript,
      )
    : [];
  if (created.migrationScript === null && definitions.length === 0) {
    console.log("No schema changes: no migration created.");
    return null;
  }
  for (const { file, changed } of definitions)
    console.log(`${file}, changed since the last migration:\n${changed.map((object) => `  ${object}`).join("\n")}`);
  const migrationScript = [created.migrationScript, ...definitions.map(migrationSection)]
    .filter((part): part is string => Boolean(part))
    .join("\n");
  const folder = writeMigration(project.migrationsDir, { ...created, migrationScript });
  console.log(`Created ${path.relative(process.cwd(), path.join(folder, "migration.sql"))}`);
  for (const warning of warnings) console.warn(`  ⚠ ${warning}`);
  return { name: created.generatedMigrationName, folder, warnings };
}

/** The engine's migration from the history to schema.prisma (its script null when they agree), not yet written. */
async function draftSchemaMigration(
  databaseUrl: string,
  migrationName: string,
  project: MigrationProject,
): Promise<{ created: CreateMigrationOutput; warnings: string[] }> {
  return withEngine(databaseUrl, project, async (engine) => {
    const migrationsList = readMigrationsList(project.migrationsDir);
    // Refuses a database that drifted, before anything is applied to it.
    const diagnosis = async () => {
      const { action } = await engine.devDiagnostic({ migrationsList, filters: NO_FILTERS });
      if (action.tag === "reset") {
        throw new Error(
          `${action.reason}\nCreate migrations against a database that follows the migration history (a fresh one works).`,
        );
      }
    };
    await diagnosis();
    // evaluateDataLoss assumes the database has every migration so far.
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    for (const applied of appliedMigrationNames) console.log(`Applied pending migration ${applied}`);
    // The diagnosis also sets up the shadow database createMigration needs; applying migrations undoes
    // that, so after applying any it runs again.
    if (appliedMigrationNames.length) await diagnosis();

    const schema = readSchema(project);
    const dataLoss = await engine.evaluateDataLoss({ migrationsList, schema, filters: NO_FILTERS });
    const created = await engine.createMigration({
      draft: false,
      migrationName,
      migrationsList,
      schema,
      filters: NO_FILTERS,
    });
    const warnings = [...dataLoss.warnings, ...dataLoss.unexecutableSteps].map((feedback) => feedback.message);
    return { created, warnings };
  });
}

export type MigrationStatus = {
  migrations: string[];
  /** In the folder, not applied. */
  pending: string[];
  /** Recorded in the database, missing from the folder. */
  appliedNotInFolder: string[];
  failed: string[];
  /** Applied, but migration.sql changed since (checksum mismatch). */
  edited: string[];
  /** How the live schema differs from what the applied migrations produce, or null. */
  drift: string | null;
  /** How schema.prisma differs from what all migrations produce (a migration still to create), or null. */
  unmigratedSchemaChanges: string | null;
  /** No pending, unknown, failed or edited migrations, and no drift. */
  clean: boolean;
};

export async function migrationStatus(
  databaseUrl: string,
  project: MigrationProject = repoProject,
): Promise<MigrationStatus> {
  return withEngine(databaseUrl, project, async (engine) => {
    const migrationsList = readMigrationsList(project.migrationsDir);
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList,
      optInToShadowDatabase: false,
      filters: NO_FILTERS,
    });
    const history = diagnosis.history;
    const pending =
      history && history.diagnostic !== "migrationsDirectoryIsBehind" ? history.unappliedMigrationNames : [];
    const appliedNotInFolder =
      history && history.diagnostic !== "databaseIsBehind" ? history.unpersistedMigrationNames : [];

    const { failedMigrationNames: failed, editedMigrationNames: edited } = diagnosis;
    // What the database should look like: its applied migrations (a failed one's effect is unknown).
    const notApplied = new Set([...pending, ...failed]);
    const applied = {
      ...migrationsList,
      migrationDirectories: migrationsList.migrationDirectories.filter((m) => !notApplied.has(m.path)),
    };
    const schema = readSchema(project);
    const live: DiffTarget = { tag: "schemaDatasource", ...schema, configDir: path.dirname(project.schemaPath) };
    const drift = await differences(engine, applied, live);
    const unmigratedSchemaChanges = await differences(engine, migrationsList, { tag: "schemaDatamodel", ...schema });
    const clean = pending.length + appliedNotInFolder.length + failed.length + edited.length === 0 && drift === null;
    const migrations = migrationsList.migrationDirectories.map((m) => m.path);
    return { migrations, pending, appliedNotInFolder, failed, edited, drift, unmigratedSchemaChanges, clean };
  });
}

/**
 * The engine's summary of changes from a migration history (replayed in a shadow database) to a target.
 * A migration that cannot be replayed is reported as the difference rather than failing the whole status.
 */
async function differences(engine: SchemaEngine, from: MigrationList, to: DiffTarget): Promise<string | null> {
  // Without migrations there may be no lock file yet, and the engine needs one to pick the connector.
  const source: DiffTarget = from.migrationDirectories.length === 0 ? { tag: "empty" } : { tag: "migrations", ...from };
  try {
    const result = await engine.diff({ from: source, to, script: false, exitCode: true, filters: NO_FILTERS });
    return result.exitCode === 2 ? (result.stdout ?? "").trim() : null;
  } catch (error) {
    const failure = engineError(error);
    if (poisoned) throw failure;
    return `Could not compare: ${failure.message}`;
  }
}

function readSchema(project: MigrationProject): SchemasContainer {
  return { files: [{ path: project.schemaPath, content: readFileSync(project.schemaPath, "utf8") }] };
}

// ─── the engine itself ───

// A Rust panic reports its message through this global just before the WebAssembly traps. The Prisma client
// installs its own when loaded, so ours is put in place for each engine run.
type PanicRegistry = { set_message(message: string): void };
const registryHolder = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry };
let panicMessage: string | undefined;
let poisoned = false;

let loading: Promise<void> | undefined;

/** Instantiates the engine's WebAssembly once per process, wired to its wasm-bindgen JS glue. */
function loadWasm(): Promise<void> {
  loading ??= (async () => {
    const glue = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await readFile(glue.replace(/\.js$/, ".wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return loading;
}

async function withEngine<T>(
  databaseUrl: string,
  project: MigrationProject,
  run: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  if (poisoned) throw new Error("The schema engine panicked earlier in this process; start a new one.");
  await loadWasm();
  const previousRegistry = registryHolder.PRISMA_WASM_PANIC_REGISTRY;
  registryHolder.PRISMA_WASM_PANIC_REGISTRY = { set_message: (message) => void (panicMessage = message) };
  const factory = createEngineAdapterFactory(databaseUrl);
  const { files } = readSchema(project);
  let engine: SchemaEngine | undefined;
  try {
    engine = await bindings.SchemaEngine.new(
      { datamodels: files.map((f) => [f.path, f.content]) },
      logEngineMessage,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    return await run(engine);
  } catch (error) {
    throw engineError(error);
  } finally {
    try {
      engine?.free();
    } catch {
      // Freeing after a panic traps again.
    }
    registryHolder.PRISMA_WASM_PANIC_REGISTRY = previousRegistry;
    await factory.close();
  }
}

function logEngineMessage(line: string): void {
  try {
    const { level, fields } = JSON.parse(line) as { level?: string; fields?: { message?: string } };
    if (level === "WARN" || level === "ERROR") console.warn(`schema engine: ${fields?.message ?? line}`);
  } catch {
    console.warn(`schema engine: ${line}`);
  }
}

/**
 * Engine errors carry a Rust backtrace after the message. A panic leaves the WebAssembly instance in an
 * unknown state, and the wasm-bindgen glue cannot be re-instantiated in the same process.
 */
function engineError(error: unknown): Error {
  if (panicMessage !== undefined) {
    const message = panicMessage;
    panicMessage = undefined;
    poisoned = true;
    return new Error(`The schema engine panicked: ${message}`, { cause: error });
  }
  if (!(error instanceof Error)) return new Error(String(error));
  const lines = error.message.split("\n");
  const backtrace = lines.findIndex((line) => /^\s+\d+: /.test(line));
  if (backtrace <= 0) return error;
  // Keeps Prisma's error code (P3006, P3009, …) for callers that tell errors apart.
  return Object.assign(new Error(lines.slice(0, backtrace).join("\n").trimEnd(), { cause: error }), {
    code: (error as { code?: unknown }).code,
  });
}
