import { randomBytes } from "node:crypto";
import pg from "pg";
import { startEmbeddedPostgres, type Purpose } from "./embedded-postgres";
import { pgConfigFromUrl, quoteIdent, redactUrl, withDatabase } from "./pg-url";

// Where the database comes from: DATABASE_URL when set, else an embedded PostgreSQL under .data/.

const APP_DATABASE = "lms";

type Server = { serverUrl: string; description: string; stop(): Promise<void> };

async function openServer(purpose: Purpose): Promise<Server> {
  const url = process.env.DATABASE_URL;
  if (url) return { serverUrl: url, description: `${redactUrl(url)} (DATABASE_URL)`, stop: async () => undefined };
  return startEmbeddedPostgres(purpose);
}

/** A PostgreSQL server: DATABASE_URL's, or the embedded one for this purpose ("test" starts from nothing). */
export async function startPostgres(opts: { purpose: Purpose }): Promise<{ serverUrl: string; stop(): Promise<void> }> {
  const server = await openServer(opts.purpose);
  console.log(`Database server: ${server.description}`);
  return { serverUrl: server.serverUrl, stop: server.stop };
}

/** The app's database: DATABASE_URL as is, or the database "lms" on the embedded server (created if missing). */
export async function ensureDatabaseUrl(purpose: "app"): Promise<{ url: string; stop(): Promise<void> }> {
  const server = await openServer(purpose);
  if (process.env.DATABASE_URL) {
    console.log(`Database: ${server.description}`);
    return { url: server.serverUrl, stop: server.stop };
  }
  try {
    await createDatabaseIfMissing(server.serverUrl, APP_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  console.log(`Database: "${APP_DATABASE}" on ${server.description}`);
  return { url: withDatabase(server.serverUrl, APP_DATABASE), stop: server.stop };
}

/** A new, uniquely named database on the server; drop() removes it even while connections are open. */
export async function createFreshDatabase(
  serverUrl: string,
  prefix = "lms_test",
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`Invalid database name prefix: ${prefix}`);
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const maintenanceUrl = withDatabase(serverUrl, "postgres");
  await withClient(maintenanceUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
  let dropping: Promise<void> | undefined;
  return {
    url: withDatabase(serverUrl, name),
    drop: () =>
      (dropping ??= withClient(maintenanceUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      ).then(() => undefined)),
  };
}

/**
 * A new database that starts as a copy of another on the same server (CREATE DATABASE … TEMPLATE: a file
 * copy; the source may have no open connection meanwhile); drop() as createFreshDatabase's.
 */
export async function copyDatabase(
  serverUrl: string,
  sourceUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`Invalid database name prefix: ${prefix}`);
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const source = decodeURIComponent(new URL(sourceUrl).pathname.slice(1));
  const maintenanceUrl = withDatabase(serverUrl, "postgres");
  await withClient(maintenanceUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(source)}`),
  );
  return {
    url: withDatabase(serverUrl, name),
    drop: () =>
      withClient(maintenanceUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

async function createDatabaseIfMissing(serverUrl: string, name: string): Promise<void> {
  await withClient(withDatabase(serverUrl, "postgres"), async (client) => {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return;
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (error) {
      // 42P04 duplicate_database: another process created it in the meantime.
      if ((error as { code?: string }).code !== "42P04") throw error;
    }
  });
}

/** One short-lived connection to the database named in the URL. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pgConfigFromUrl(url));
  // An idle connection terminated by the server (DROP … WITH (FORCE), shutdown) must not crash the process.
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
