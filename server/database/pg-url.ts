import type pg from "pg";

/**
 * Connection fields from a postgres:// URL. Callers that must pick another database (the maintenance db,
 * a shadow db) need separate fields: node-postgres lets a `connectionString` silently override `database`.
 */
export function pgConfigFromUrl(url: string): pg.ClientConfig {
  const parsed = new URL(url);
  const sslmode = parsed.searchParams.get("sslmode");
  return {
    // `?host=/run/postgresql` selects a Unix socket directory, as in libpq.
    host: parsed.searchParams.get("host") ?? (parsed.hostname.replace(/^\[|\]$/g, "") || "localhost"),
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username) || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    database: decodeURIComponent(parsed.pathname.slice(1)) || undefined,
    // Same reading of sslmode as node-postgres: anything but disable/no-verify verifies the certificate.
    ssl: !sslmode || sslmode === "disable" ? undefined : sslmode === "no-verify" ? { rejectUnauthorized: false } : true,
  };
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** For logs: the URL without its password. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** Double-quotes an SQL identifier (database names come from our own code, this guards the odd one). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
