import { ensureDatabaseUrl } from "./postgres";
import { applyMigrations } from "./schema-engine";

/** DATABASE_URL or the embedded PostgreSQL, migrated; sets DATABASE_URL for the app modules. */
export async function prepareDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const database = await ensureDatabaseUrl("app");
  process.env.DATABASE_URL = database.url;
  await applyMigrations(database.url);
  return database;
}
