import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { isShuttingDown, jobWorkersState } from "@/lib/ops/lifecycle";
import { isStorageReady } from "@/lib/storage/store";

// Whether this process can serve: the checks behind GET /api/ready. Each answers in a sentence safe to
// show anyone (no host names, no connection strings, no error texts from the driver).

export interface ReadinessCheck {
  name: "process" | "database" | "migrations" | "storage" | "jobQueue";
  ok: boolean;
  message: string;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
}

/** A database that does not answer within this is as good as down for a request. */
const DATABASE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  // The losing promise may still fail later: that must not be an unhandled rejection.
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The migration folders this build ships with; read once (they do not change while the process runs). */
let shippedMigrations: string[] | undefined;
function migrationFolders(): string[] {
  shippedMigrations ??= readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return shippedMigrations;
}

/** Once every migration is applied it stays so: later checks need not ask again. */
let migrationsApplied = false;

async function checkMigrations(): Promise<ReadinessCheck> {
  if (migrationsApplied) return { name: "migrations", ok: true, message: "All migrations are applied" };
  const rows = await withTimeout(
    queryRows<{ migration_name: string }>(
      Prisma.sql`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    ),
    DATABASE_TIMEOUT_MS,
  ).catch(() => null);
  if (!rows) return { name: "migrations", ok: false, message: "The applied migrations could not be read" };
  const applied = new Set(rows.map((row) => row.migration_name));
  const pending = migrationFolders().filter((name) => !applied.has(name)).length;
  migrationsApplied = pending === 0;
  return migrationsApplied
    ? { name: "migrations", ok: true, message: "All migrations are applied" }
    : { name: "migrations", ok: false, message: `${pending} migration(s) not applied yet` };
}

async function checkDatabase(): Promise<ReadinessCheck> {
  const ok = await withTimeout(queryRows(Prisma.sql`SELECT 1`), DATABASE_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
  return ok
    ? { name: "database", ok, message: "The database answers" }
    : { name: "database", ok, message: `The database did not answer within ${DATABASE_TIMEOUT_MS / 1000} s` };
}

function checkJobQueue(): ReadinessCheck {
  switch (jobWorkersState()) {
    case "none":
      return { name: "jobQueue", ok: true, message: "No job workers run in this process" };
    case "starting":
      return { name: "jobQueue", ok: false, message: "The job workers are starting" };
    case "started":
      return { name: "jobQueue", ok: true, message: "The job workers run" };
  }
}

export async function checkReadiness(): Promise<Readiness> {
  const shuttingDown = isShuttingDown();
  const [database, storage] = await Promise.all([checkDatabase(), isStorageReady()]);
  const checks: ReadinessCheck[] = [
    shuttingDown
      ? { name: "process", ok: false, message: "The process is shutting down" }
      : { name: "process", ok: true, message: "The process serves requests" },
    database,
    database.ok
      ? await checkMigrations()
      : { name: "migrations", ok: false, message: "Not checked: the database did not answer" },
    storage
      ? { name: "storage", ok: true, message: "The file storage answers" }
      : { name: "storage", ok: false, message: "The file storage does not answer" },
    checkJobQueue(),
  ];
  return { ready: checks.every((check) => check.ok), checks };
}
