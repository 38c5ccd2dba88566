import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { LARGE_DATABASE } from "../db/large/database";
import { createFreshDatabase, withClient } from "../../server/database/postgres";
import { quoteIdent, withDatabase } from "../../server/database/pg-url";

// The soak's own database, dropped after the run: it writes (commits, messages, an import), and the
// large dataset must stay as the benchmark seeded it. The large one is a copy of the benchmark's
// (CREATE DATABASE … TEMPLATE: a file copy); the demo one is migrated and seeded afresh.

export interface SoakDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function soakDatabase(serverUrl: string, dataset: "large" | "demo"): Promise<SoakDatabase> {
  if (dataset === "large") {
    const { ensureLargeDataset } = await import("../bench/dataset");
    await ensureLargeDataset(serverUrl, false);
    const name = `lms_soak_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const maintenance = withDatabase(serverUrl, "postgres");
    await withClient(maintenance, (client) =>
      client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(LARGE_DATABASE)}`),
    );
    return {
      url: withDatabase(serverUrl, name),
      drop: () =>
        withClient(maintenance, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
        ).then(() => undefined),
    };
  }
  const database = await createFreshDatabase(serverUrl, "lms_soak");
  // `npm run db:seed` in a process of its own: the demo seed goes through the app's own pool, which
  // takes its database from the environment once.
  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "--import", "./server/server-only-hook.mjs", "scripts/db/seed.ts"],
    { env: { ...process.env, DATABASE_URL: database.url }, stdio: "inherit" },
  );
  if (seeded.status !== 0) {
    await database.drop();
    throw new Error(`Seeding the demo data failed (exit code ${seeded.status})`);
  }
  return database;
}
