import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pgConfigFromUrl } from "../../server/database/pg-url";
import { withClient } from "../../server/database/postgres";

// pg_dump and pg_restore of the database server's own major version: an older pg_dump refuses a newer
// server, and a dump is only sure to restore with the pg_restore of its version. The embedded PostgreSQL
// package ships the server alone (no client tools), so the tools come from an installed PostgreSQL of the
// same major version (Debian/Ubuntu postgresql-client-15, RHEL postgresql15, Homebrew postgresql@15), or
// PG_BIN_DIR.

export type PgTool = "pg_dump" | "pg_restore";

/** The server's major version (15 for 15.8). */
export async function serverMajorVersion(url: string): Promise<number> {
  const rows = await withClient(url, (client) =>
    client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v"),
  );
  return Math.floor(Number(rows.rows[0]!.v) / 10_000);
}

function majorOf(binary: string): number | null {
  try {
    const out = execFileSync(binary, ["--version"], { encoding: "utf8" });
    const match = /\)\s+(\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The tool of this major version: PG_BIN_DIR, the usual install folders, then PATH. */
export function findPgTool(tool: PgTool, major: number): string {
  const candidates = [
    process.env.PG_BIN_DIR && path.join(process.env.PG_BIN_DIR, tool),
    `/usr/lib/postgresql/${major}/bin/${tool}`,
    `/usr/pgsql-${major}/bin/${tool}`,
    `/opt/homebrew/opt/postgresql@${major}/bin/${tool}`,
    `/usr/local/opt/postgresql@${major}/bin/${tool}`,
  ].filter((c): c is string => Boolean(c) && existsSync(c as string));
  for (const candidate of [...candidates, tool]) if (majorOf(candidate) === major) return candidate;
  throw new Error(
    `No ${tool} of PostgreSQL ${major} found: install the PostgreSQL ${major} client tools ` +
      `(e.g. apt install postgresql-client-${major}) or set PG_BIN_DIR to their folder.`,
  );
}

/** libpq's environment for a URL: the password never appears on a command line (ps would show it). */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const config = pgConfigFromUrl(url);
  const parsed = new URL(url);
  return {
    ...process.env,
    PGHOST: String(config.host ?? "localhost"),
    PGPORT: String(config.port ?? 5432),
    PGUSER: config.user ?? "postgres",
    PGDATABASE: config.database ?? "postgres",
    ...(typeof config.password === "string" ? { PGPASSWORD: config.password } : {}),
    ...(parsed.searchParams.get("sslmode") ? { PGSSLMODE: parsed.searchParams.get("sslmode")! } : {}),
  };
}
