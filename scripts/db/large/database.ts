import { withClient } from "../../../server/database/postgres";
import { quoteIdent, withDatabase } from "../../../server/database/pg-url";
import { LARGE_DATASET } from "./plan";

// The large dataset lives in its own database next to the app's, never in it. A comment on that
// database records a finished seed: no comment (an interrupted seed) or another version means stale.

export const LARGE_DATABASE = "lms_bench";

export interface LargeDatasetMarker {
  dataset: "large";
  version: number;
  seededAt: string;
  seconds: number;
  rows: Record<string, number>;
}

export function largeDatabaseUrl(serverUrl: string): string {
  return withDatabase(serverUrl, LARGE_DATABASE);
}

export async function readMarker(serverUrl: string): Promise<LargeDatasetMarker | null> {
  const { rows } = await withClient(withDatabase(serverUrl, "postgres"), (client) =>
    client.query<{ comment: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
      [LARGE_DATABASE],
    ),
  );
  try {
    const marker = JSON.parse(rows[0]?.comment ?? "null") as LargeDatasetMarker | null;
    return marker?.dataset === "large" ? marker : null;
  } catch {
    return null;
  }
}

export function isCurrent(marker: LargeDatasetMarker | null): marker is LargeDatasetMarker {
  return marker !== null && marker.version === LARGE_DATASET.version;
}

export async function recreateDatabase(serverUrl: string): Promise<string> {
  await withClient(withDatabase(serverUrl, "postgres"), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(LARGE_DATABASE)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoteIdent(LARGE_DATABASE)}`);
  });
  return largeDatabaseUrl(serverUrl);
}

export async function writeMarker(serverUrl: string, marker: LargeDatasetMarker): Promise<void> {
  // COMMENT takes no bound parameter: the value goes in as a literal escaped by pg.
  await withClient(withDatabase(serverUrl, "postgres"), (client) =>
    client.query(
      `COMMENT ON DATABASE ${quoteIdent(LARGE_DATABASE)} IS ${client.escapeLiteral(JSON.stringify(marker))}`,
    ),
  );
}
