import { readFileSync } from "node:fs";
import { request } from "node:http";
import { withClient } from "../../server/database/postgres";
import { BENCH_ACCOUNT } from "../db/large/plan";
import { call } from "./http";

// A timed operation rather than a load: every enrollment of the large dataset (500,000, all
// twenty organizations) exported as CSV through GET /api/admin/exports/enrollments, as a superadmin on
// the apex, read as fast as the client can. Target: under 30 s, and the app process's resident memory
// (sampled every 50 ms from /proc, as scripts/bench/upload-rss.ts does) growing less than 100 MB over
// what it was before the export. A warm-up export of one organization loads the route's code first.
// The superadmin is made for the run (with the dataset's password hash) and deleted after.

export const EXPORT_BENCH = { runs: 3, maxSeconds: 30, maxRssGrowthMb: 100 } as const;

interface Target {
  port: number;
  /** The apex host of the app (the superadmin's). */
  apexHost: string;
  databaseUrl: string;
  pid: number;
}

export interface ExportRun {
  seconds: number;
  firstByteSeconds: number;
  rows: number;
  megabytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

const SUPERADMIN_EMAIL = "bench-export-superadmin@example.com";

export async function measureExport(target: Target): Promise<ExportRun[]> {
  await withClient(target.databaseUrl, async (client) => {
    await client.query(`DELETE FROM "User" WHERE "organizationId" IS NULL AND email = $1`, [SUPERADMIN_EMAIL]);
    await client.query(
      `INSERT INTO "User" (id, "organizationId", role, "firstName", "lastName", username, email, "passwordHash", "updatedAt")
       SELECT gen_random_uuid(), NULL, 'superadmin', 'Bench', 'Export', 'bench-export-superadmin', $1, "passwordHash", now()
         FROM "User" WHERE email = $2 LIMIT 1`,
      [SUPERADMIN_EMAIL, BENCH_ACCOUNT.email],
    );
  });
  try {
    const login = await call(target.port, target.apexHost, "/auth/login", {
      json: { email: SUPERADMIN_EMAIL, password: BENCH_ACCOUNT.password },
    });
    const token = (login.json as { token?: string } | undefined)?.token;
    if (login.status !== 200 || !token)
      throw new Error(`The superadmin's sign-in answered ${login.status}: ${login.text.slice(0, 200)}`);
    const organizationId = await withClient(
      target.databaseUrl,
      async (client) =>
        (
          await client.query<{ id: string }>(`SELECT id FROM "Organization" WHERE subdomain = $1`, [
            BENCH_ACCOUNT.subdomain,
          ])
        ).rows[0]!.id,
    );
    await download(target, `/api/admin/exports/enrollments?organization_id=${organizationId}`, token);
    const runs: ExportRun[] = [];
    for (let run = 0; run < EXPORT_BENCH.runs; run += 1)
      runs.push(await download(target, "/api/admin/exports/enrollments", token));
    return runs;
  } finally {
    await withClient(target.databaseUrl, (client) =>
      client.query(`DELETE FROM "User" WHERE "organizationId" IS NULL AND email = $1`, [SUPERADMIN_EMAIL]),
    );
  }
}

const rssMb = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** One export, read to its end; its time, size, rows (lines after the header) and the app's memory meanwhile. */
function download(target: Target, path: string, token: string): Promise<ExportRun> {
  const rssBeforeMb = rssMb(target.pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(target.pid))), 50);
  const started = performance.now();
  return new Promise<ExportRun>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: target.port,
        path,
        headers: { host: target.apexHost, authorization: `Bearer ${token}` },
      },
      (res) => {
        const firstByteSeconds = (performance.now() - started) / 1000;
        let bytes = 0;
        let lines = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on("end", () => {
          clearInterval(sampler);
          if (res.statusCode !== 200) return reject(new Error(`${path} answered ${res.statusCode}`));
          resolve({
            seconds: (performance.now() - started) / 1000,
            firstByteSeconds,
            rows: lines - 1,
            megabytes: bytes / 1024 / 1024,
            rssBeforeMb,
            rssPeakMb,
          });
        });
      },
    );
    req.on("error", (error) => {
      clearInterval(sampler);
      reject(error);
    });
    req.end();
  });
}

export function exportTable(runs: ExportRun[]): string {
  const seconds = runs.map((r) => r.seconds).sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)]!;
  const worst = seconds.at(-1)!;
  const growth = Math.max(...runs.map((r) => r.rssPeakMb - r.rssBeforeMb));
  const first = runs[0]!;
  const pass = worst < EXPORT_BENCH.maxSeconds && growth < EXPORT_BENCH.maxRssGrowthMb;
  return [
    "| Operation | Runs | Rows | Size | First byte (s) | Median (s) | Slowest (s) | App RSS before → peak (MB) | Target | Result |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|---|",
    `| \`GET /api/admin/exports/enrollments\`: every organization's enrollments as CSV (superadmin, apex) | ${runs.length} | ${first.rows.toLocaleString("en-US")} | ${first.megabytes.toFixed(1)} MB | ${Math.max(...runs.map((r) => r.firstByteSeconds)).toFixed(2)} | ${median.toFixed(2)} | ${worst.toFixed(2)} | ${runs.map((r) => `${r.rssBeforeMb.toFixed(0)} → ${r.rssPeakMb.toFixed(0)}`).join(", ")} (+${growth.toFixed(0)} at most) | < ${EXPORT_BENCH.maxSeconds} s, RSS + < ${EXPORT_BENCH.maxRssGrowthMb} MB | ${pass ? "pass" : "**FAIL**"} |`,
  ].join("\n");
}
