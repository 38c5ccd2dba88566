import { createHash } from "node:crypto";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, withClient } from "../../server/database/postgres";
import {
  applyMigrations,
  createMigration,
  migrationStatus,
  projectAt,
  repoProject,
  type MigrationProject,
} from "../../server/database/schema-engine";
import { definitionDrift, SQL_DEFINITIONS } from "../../server/database/sql-definitions";

// The migration tooling against a real PostgreSQL, on copies of prisma/ so the repository is never touched.

const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? process.env.DATABASE_URL;
if (!serverUrl)
  throw new Error("TEST_DATABASE_SERVER_URL (or DATABASE_URL) must name a PostgreSQL server: run through `npm test`.");

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A temporary project with the repository's schema and migrations, and an empty database. */
async function scratch(): Promise<{ project: MigrationProject; url: string }> {
  const root = mkdtempSync(path.join(tmpdir(), "lms-migrations-"));
  cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
  const project = projectAt(root);
  mkdirSync(path.dirname(project.schemaPath), { recursive: true });
  cpSync(repoProject.schemaPath, project.schemaPath);
  cpSync(repoProject.migrationsDir, project.migrationsDir, { recursive: true });
  const database = await createFreshDatabase(serverUrl as string, "lms_migration_tool");
  cleanups.push(database.drop);
  return { project, url: database.url };
}

/** The WebAssembly schema engine diffing and applying the whole history: ~10 s alone, past 30 s on two busy cores. */
const SCHEMA_ENGINE_TIMEOUT = 90_000;

const folders = (project: MigrationProject) =>
  readdirSync(project.migrationsDir)
    .filter((name) => name !== "migration_lock.toml")
    .sort();

describe("migration tool", () => {
  let project: MigrationProject;
  let url: string;
  beforeAll(async () => {
    ({ project, url } = await scratch());
  });

  it(
    "applies the committed migrations to a fresh database, recording them as prisma migrate deploy does",
    async () => {
      expect(await migrationStatus(url, project)).toMatchObject({ clean: false, pending: folders(project) });

      expect(await applyMigrations(url, project)).toEqual(folders(project));

      const rows = await withClient(url, (client) =>
        client.query<{
          migration_name: string;
          checksum: string;
          finished: boolean;
          logs: string | null;
          applied_steps_count: number;
        }>(
          'SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, logs, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
        ),
      );
      expect(rows.rows).toEqual(
        folders(project).map((name) => ({
          migration_name: name,
          checksum: createHash("sha256")
            .update(readFileSync(path.join(project.migrationsDir, name, "migration.sql")))
            .digest("hex"),
          finished: true,
          logs: null,
          applied_steps_count: 1,
        })),
      );
      expect(await migrationStatus(url, project)).toMatchObject({
        clean: true,
        pending: [],
        drift: null,
        unmigratedSchemaChanges: null,
      });
    },
    SCHEMA_ENGINE_TIMEOUT,
  );

  it("the migrated database has exactly the schemas the SQL definition files define", async () => {
    const repoRoot = repoProject.definitions!.root;
    expect(await definitionDrift(url, repoRoot, SQL_DEFINITIONS)).toEqual([]);
  });

  it(
    "schema change → createMigration writes a migration folder → applyMigrations → status clean",
    async () => {
      appendFileSync(project.schemaPath, "\nmodel MigrationToolProbe {\n  id    Int    @id\n  label String\n}\n");
      expect((await migrationStatus(url, project)).unmigratedSchemaChanges).toContain("MigrationToolProbe");

      const created = await createMigration(url, "add probe", project);
      expect(created?.name).toMatch(/^\d{14}_add_probe$/);
      const script = readFileSync(path.join(project.migrationsDir, created?.name ?? "", "migration.sql"), "utf8");
      expect(script).toContain('CREATE TABLE "MigrationToolProbe"');
      expect(readFileSync(path.join(project.migrationsDir, "migration_lock.toml"), "utf8")).toContain(
        'provider = "postgresql"',
      );
      expect(await migrationStatus(url, project)).toMatchObject({ clean: false, pending: [created?.name] });

      expect(await applyMigrations(url, project)).toEqual([created?.name]);
      expect(await migrationStatus(url, project)).toMatchObject({
        clean: true,
        pending: [],
        drift: null,
        unmigratedSchemaChanges: null,
      });

      const before = folders(project);
      expect(await createMigration(url, "nothing", project)).toBeNull();
      expect(folders(project)).toEqual(before);
    },
    SCHEMA_ENGINE_TIMEOUT,
  );

  it("a manual ALTER TABLE … ADD COLUMN is reported as drift", async () => {
    await withClient(url, (client) => client.query('ALTER TABLE "MigrationToolProbe" ADD COLUMN "sneaky" TEXT'));
    const status = await migrationStatus(url, project);
    expect(status.clean).toBe(false);
    expect(status.pending).toEqual([]);
    expect(status.drift).toContain("sneaky");
  });
});

describe("creating a migration against a database that has not applied the history yet", () => {
  it(
    "applies the pending migrations first, then writes only the new change",
    async () => {
      const { project, url } = await scratch();
      appendFileSync(project.schemaPath, "\nmodel MigrationToolLateProbe {\n  id Int @id\n}\n");
      const created = await createMigration(url, "late probe", project);
      expect(created?.name).toMatch(/^\d{14}_late_probe$/);
      expect(
        readFileSync(path.join(project.migrationsDir, created?.name ?? "", "migration.sql"), "utf8").trim(),
      ).toMatch(/^-- CreateTable\s+CREATE TABLE "MigrationToolLateProbe"/);
      expect(await migrationStatus(url, project)).toMatchObject({ pending: [created?.name], drift: null });
    },
    SCHEMA_ENGINE_TIMEOUT,
  );
});

describe("a migration after a change of an SQL definition file", () => {
  it(
    "carries only the objects that changed and those they force along; applied, the database has what the file defines",
    async () => {
      const { project, url } = await scratch();
      const root = path.dirname(path.dirname(project.schemaPath));
      const [summaries] = SQL_DEFINITIONS;
      const file = path.join(root, summaries!.file);
      mkdirSync(path.dirname(file), { recursive: true });
      const original = readFileSync(path.join(repoProject.definitions!.root, summaries!.file), "utf8");
      const edited = original
        .replace("SELECT round(score * 10000)::integer", "SELECT round(score * 10000)::integer -- points")
        .replace('"instructorId" uuid, "sign" integer);', '"instructorId" uuid, "sign" smallint);');
      expect(edited.split("\n").filter((line, i) => line !== original.split("\n")[i])).toHaveLength(2);
      writeFileSync(file, edited);
      const withDefinitions = { ...project, definitions: { root, files: SQL_DEFINITIONS } };

      const created = await createMigration(url, "teaching sign", withDefinitions);
      const script = readFileSync(path.join(project.migrationsDir, created?.name ?? "", "migration.sql"), "utf8");
      expect(script.match(/^(?:CREATE|DROP)\b.*$/gm)).toEqual([
        "DROP FUNCTION report.apply_teaching(report.teaching[]);",
        "DROP TYPE report.teaching;",
        'CREATE TYPE report.teaching AS ("organizationId" uuid, "courseId" uuid, "instructorId" uuid, sign smallint);',
        "CREATE OR REPLACE FUNCTION report.score_points(score double precision)",
        "CREATE OR REPLACE FUNCTION report.apply_teaching(changes report.teaching[])",
        "CREATE OR REPLACE FUNCTION report.teaching_inserted()",
        "CREATE OR REPLACE FUNCTION report.teaching_deleted()",
      ]);

      expect(await applyMigrations(url, project)).toEqual([created?.name]);
      expect(await definitionDrift(url, root, SQL_DEFINITIONS)).toEqual([]);
    },
    SCHEMA_ENGINE_TIMEOUT,
  );
});

describe("hand-written migrations", () => {
  it("run as one script: semicolons inside literals survive, and a failing migration leaves nothing behind", async () => {
    const { project, url } = await scratch();
    const add = (name: string, sql: string) => {
      mkdirSync(path.join(project.migrationsDir, name));
      writeFileSync(path.join(project.migrationsDir, name, "migration.sql"), sql);
    };
    add(
      "99990101000000_semicolons",
      `CREATE TABLE "Note" ("body" TEXT DEFAULT 'a;b');\nCOMMENT ON TABLE "Note" IS 'one; two';\n`,
    );
    await applyMigrations(url, project);
    const comment = await withClient(url, (client) =>
      client.query<{ comment: string }>(`SELECT obj_description('"Note"'::regclass) AS comment`),
    );
    expect(comment.rows[0]?.comment).toBe("one; two");

    add("99990102000000_broken", `CREATE TABLE "Half" ("id" INT);\nSELECT no_such_function();\n`);
    await expect(applyMigrations(url, project)).rejects.toThrow(/no_such_function/);
    const half = await withClient(url, (client) => client.query(`SELECT to_regclass('"Half"') AS half`));
    expect(half.rows[0]).toEqual({ half: null });
    expect((await migrationStatus(url, project)).failed).toEqual(["99990102000000_broken"]);
  });
});
