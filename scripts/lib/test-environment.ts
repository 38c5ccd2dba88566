import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// What the integration, security and e2e tests run against: a fresh migrated database on the embedded
// PostgreSQL and the production build on `port` (scripts/lib/test-app.ts). Used by npm test, npm run
// test:server and npm run test:fuzz; `stop` undoes everything, in order.

export class MigrationsDisagree extends Error {}

export async function startTestEnvironment(
  port: number,
): Promise<{ testEnv: Record<string, string>; stop(): Promise<void> }> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops) await step().catch((e: unknown) => console.error("cleanup:", e));
  };
  try {
    const { startPostgres, createFreshDatabase } = await import("../../server/database/postgres");
    const { applyMigrations, migrationStatus, repoProject } = await import("../../server/database/schema-engine");
    const { definitionDrift } = await import("../../server/database/sql-definitions");
    const server = await startPostgres({ purpose: "test" });
    stops.unshift(server.stop);
    const database = await createFreshDatabase(server.serverUrl);
    stops.unshift(database.drop);
    await applyMigrations(database.url);
    const status = await migrationStatus(database.url);
    if (!status.clean || status.unmigratedSchemaChanges) {
      throw new MigrationsDisagree(
        `migrations: prisma/schema.prisma and prisma/migrations disagree (run npm run db:migration -- <name>):\n${status.unmigratedSchemaChanges ?? JSON.stringify(status)}`,
      );
    }
    const drift = repoProject.definitions
      ? await definitionDrift(database.url, repoProject.definitions.root, repoProject.definitions.files)
      : [];
    if (drift.length)
      throw new MigrationsDisagree(
        `migrations: ${drift.map((d) => `${d.file} defines ${d.differences.join(", ")} otherwise than the migrations install`).join("; ")} (run npm run db:migration -- <name>)`,
      );
    const scratch = mkdtempSync(path.join(tmpdir(), "lms-test-"));
    stops.push(async () => rmSync(scratch, { recursive: true, force: true }));
    const { startTestApp } = await import("./test-app");
    const { app, testEnv } = await startTestApp({
      port,
      databaseUrl: database.url,
      serverUrl: server.serverUrl,
      scratch,
    });
    stops.unshift(app.close);
    return { testEnv, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
