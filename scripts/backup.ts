import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { elapsed, runDatabaseCommand } from "./lib/db-cli";
import { findPgTool, libpqEnv, serverMajorVersion } from "./lib/pg-tools";

// npm run backup [-- --out <folder>]: a backup of a single-machine install, in a new folder (default
// backups/<UTC time>/): the database (pg_dump custom format, with the pg_dump of the server's major
// version) and the uploaded files (a tar of UPLOAD_DIR). The secrets (NEXTAUTH_SECRET, or .data/auth-secret
// which the launch scripts create) are not copied into it: keep them apart (docs/operations.md).
// Works while the app runs: pg_dump reads one consistent snapshot.

const { values } = parseArgs({ options: { out: { type: "string" } } });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const folder = path.resolve(values.out ?? path.join("backups", stamp));

await runDatabaseCommand(async (databaseUrl) => {
  const started = Date.now();
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new Error(`${folder} is not empty`);
  mkdirSync(folder, { recursive: true });
  const major = await serverMajorVersion(databaseUrl);
  const pgDump = findPgTool("pg_dump", major);
  const dumpFile = path.join(folder, "database.dump");
  execFileSync(pgDump, ["--format=custom", "--no-owner", "--no-privileges", `--file=${dumpFile}`], {
    env: libpqEnv(databaseUrl),
    stdio: ["ignore", "inherit", "inherit"],
  });
  console.log(`Database: ${dumpFile} (${(statSync(dumpFile).size / 1e6).toFixed(1)} MB, ${pgDump})`);

  const { env } = await import("@/lib/env");
  const uploads = path.resolve(env.UPLOAD_DIR);
  if (existsSync(uploads)) {
    const tarFile = path.join(folder, "uploads.tar");
    execFileSync("tar", ["-cf", tarFile, "-C", uploads, "."], { stdio: "inherit" });
    console.log(`Uploaded files: ${tarFile} (${(statSync(tarFile).size / 1e6).toFixed(1)} MB, from ${uploads})`);
  } else console.log(`Uploaded files: none (${uploads} does not exist)`);
  writeFileSync(
    path.join(folder, "backup.json"),
    JSON.stringify({ createdAt: new Date().toISOString(), postgresMajorVersion: major }, null, 2) + "\n",
  );
  console.log(`✔ Backup written to ${folder} (${elapsed(started)}). Keep the secrets apart from it.`);
  return 0;
});
