import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { elapsed, runDatabaseCommand } from "./lib/db-cli";
import { findPgTool, libpqEnv, serverMajorVersion } from "./lib/pg-tools";
import { withClient } from "../server/database/postgres";

// npm run restore -- <backup folder>: puts a backup of `npm run backup` into an empty database
// (DATABASE_URL, or the embedded app database) and an empty UPLOAD_DIR, with the pg_restore of the server's
// major version, in one transaction: a failed restore leaves the database empty. Stop the app first; start
// it afterwards with the same secrets as the backed-up install (docs/operations.md).

const folder = process.argv[2] ? path.resolve(process.argv[2]) : "";
if (!folder || !existsSync(path.join(folder, "database.dump"))) {
  console.error("Usage: npm run restore -- <backup folder holding database.dump>");
  process.exit(2);
}

await runDatabaseCommand(async (databaseUrl) => {
  const started = Date.now();
  const tables = await withClient(databaseUrl, (client) =>
    client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    ),
  );
  if (tables.rows[0]!.n > 0)
    throw new Error("The database is not empty: restore into a new database (createdb), never over a live one.");
  const { env } = await import("@/lib/env");
  const uploads = path.resolve(env.UPLOAD_DIR);
  const tarFile = path.join(folder, "uploads.tar");
  if (existsSync(tarFile) && existsSync(uploads) && readdirSync(uploads).length > 0)
    throw new Error(`${uploads} is not empty: restore the files into an empty UPLOAD_DIR.`);

  const pgRestore = findPgTool("pg_restore", await serverMajorVersion(databaseUrl));
  execFileSync(
    pgRestore,
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${libpqEnv(databaseUrl).PGDATABASE}`,
      path.join(folder, "database.dump"),
    ],
    { env: libpqEnv(databaseUrl), stdio: ["ignore", "inherit", "inherit"] },
  );
  console.log(`Database restored (${pgRestore}).`);
  if (existsSync(tarFile)) {
    mkdirSync(uploads, { recursive: true });
    execFileSync("tar", ["-xf", tarFile, "-C", uploads], { stdio: "inherit" });
    console.log(`Uploaded files restored into ${uploads}.`);
  }
  console.log(`✔ Restored from ${folder} (${elapsed(started)}). Check it with npm run db:status, then start the app.`);
  return 0;
});
