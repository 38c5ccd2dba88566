import { readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { hashPassword } from "@/lib/auth/password";
import { withClient } from "../../server/database/postgres";
import { call } from "./http";

// A timed operation: 50,000 new users imported from a CSV into one organization, end to end through the
// API as its admin (target: upload + dry run + run under 60 s), with the app process's resident memory
// sampled every 100 ms. The organization is made for the run and deleted after, so the large dataset
// stays as seeded. The invitation e-mails are sent by their own job after the run: their rate is measured
// for 20 s after it, not waited for.

export const IMPORT_BENCH = { rows: 50_000, maxSeconds: 60, invitationSeconds: 20 } as const;

interface Target {
  port: number;
  pid: number;
  databaseUrl: string;
  outboxDir: string;
}

export interface ImportBenchResult {
  rows: number;
  uploadSeconds: number;
  dryRunSeconds: number;
  runSeconds: number;
  totalSeconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  invitationsPerSecond: number;
  created: number;
}

const PASSWORD = "BenchImport-Password-42";

export async function measureImport(target: Target): Promise<ImportBenchResult> {
  const subdomain = `bench-import-${Date.now().toString(36)}`;
  const host = `${subdomain}.localhost:${target.port}`;
  const { organizationId, adminEmail } = await makeOrganization(target.databaseUrl, subdomain);
  try {
    const login = await call(target.port, host, "/auth/login", { json: { email: adminEmail, password: PASSWORD } });
    const token = (login.json as { token?: string }).token;
    if (!token)
      throw new Error(`Sign-in as the import bench's admin failed (${login.status}): ${login.text.slice(0, 200)}`);
    const lines = Array.from(
      { length: IMPORT_BENCH.rows },
      (_, i) => `person${i}@${subdomain}.example.com,Person,Number ${i},learner`,
    );
    const csv = `email,first_name,last_name,role\n${lines.join("\n")}\n`;

    const memory = () =>
      Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${target.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const rssBefore = memory();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, memory())), 100);
    try {
      const started = performance.now();
      const uploaded = await upload(target.port, host, token, csv);
      const uploadDone = performance.now();
      const peakUpload = peak;
      await api(target.port, host, token, `/api/admin/imports/${uploaded}/dry-run`, "POST");
      const afterDryRun = await waitFor(target.port, host, token, uploaded, "checked");
      if (afterDryRun.check.create !== IMPORT_BENCH.rows)
        throw new Error(`The dry run found ${afterDryRun.check.create} to create`);
      const dryDone = performance.now();
      const peakDryRun = peak;
      await api(target.port, host, token, `/api/admin/imports/${uploaded}/run`, "POST");
      const done = await waitFor(target.port, host, token, uploaded, "completed");
      const runDone = performance.now();
      console.log(
        `  app RSS peaks: upload ${peakUpload.toFixed(0)} MB, dry run ${peakDryRun.toFixed(0)} MB, run ${peak.toFixed(0)} MB`,
      );
      const invitedAtEnd = await invited(target.databaseUrl, uploaded);
      await new Promise((resolve) => setTimeout(resolve, IMPORT_BENCH.invitationSeconds * 1000));
      const invitedLater = await invited(target.databaseUrl, uploaded);
      // Stop the invitations before the organization goes.
      await withClient(target.databaseUrl, (c) =>
        c.query(`UPDATE "UserImportRow" SET "invitedAt" = now() WHERE "importId" = $1 AND "invitedAt" IS NULL`, [
          uploaded,
        ]),
      );
      return {
        rows: IMPORT_BENCH.rows,
        uploadSeconds: (uploadDone - started) / 1000,
        dryRunSeconds: (dryDone - uploadDone) / 1000,
        runSeconds: (runDone - dryDone) / 1000,
        totalSeconds: (runDone - started) / 1000,
        rssBeforeMb: rssBefore,
        rssPeakMb: peak,
        invitationsPerSecond: (invitedLater - invitedAtEnd) / IMPORT_BENCH.invitationSeconds,
        created: done.run.created,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await withClient(target.databaseUrl, (c) =>
      c.query(`DELETE FROM "Organization" WHERE "id" = $1`, [organizationId]),
    );
    rmSync(target.outboxDir, { recursive: true, force: true });
  }
}

async function makeOrganization(
  databaseUrl: string,
  subdomain: string,
): Promise<{ organizationId: string; adminEmail: string }> {
  const adminEmail = `admin@${subdomain}.example.com`;
  const passwordHash = await hashPassword(PASSWORD);
  return withClient(databaseUrl, async (client) => {
    const org = await client.query<{ id: string }>(
      `INSERT INTO "Organization" ("id", "name", "subdomain", "updatedAt") VALUES (gen_random_uuid(), $1, $2, now()) RETURNING "id"`,
      [`Import bench ${subdomain}`, subdomain],
    );
    const organizationId = org.rows[0]!.id;
    await client.query(
      `INSERT INTO "User" ("id", "organizationId", "role", "firstName", "lastName", "username", "email", "passwordHash", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'admin', 'Bench', 'Admin', 'bench-admin', $2, $3, now())`,
      [organizationId, adminEmail, passwordHash],
    );
    return { organizationId, adminEmail };
  });
}

async function invited(databaseUrl: string, importId: string): Promise<number> {
  return withClient(databaseUrl, async (c) =>
    Number(
      (
        await c.query<{ n: string }>(
          `SELECT count(*) AS n FROM "UserImportRow" WHERE "importId" = $1 AND "invitedAt" IS NOT NULL`,
          [importId],
        )
      ).rows[0]!.n,
    ),
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the import's JSON
async function api(port: number, host: string, token: string, path: string, method = "GET"): Promise<any> {
  const answer = await call(port, host, path, { method, bearer: token });
  if (answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer.json;
}

async function waitFor(port: number, host: string, token: string, importId: string, status: string) {
  for (;;) {
    const imp = await api(port, host, token, `/api/admin/imports/${importId}`);
    if (imp.status === status) return imp;
    if (imp.status === "failed" || imp.status === "cancelled")
      throw new Error(`The import ${imp.status}: ${imp.summary}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** POST /api/admin/imports with the file as multipart/form-data; answers the import's id. */
async function upload(port: number, host: string, token: string, csv: string): Promise<string> {
  const form = new FormData();
  form.set("file", new File([csv], "bench-people.csv", { type: "text/csv" }));
  const encoded = new Request("http://local/", { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/admin/imports",
        method: "POST",
        headers: {
          host,
          authorization: `Bearer ${token}`,
          "content-type": encoded.headers.get("content-type")!,
          "content-length": String(body.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (res.statusCode !== 201)
            return reject(new Error(`The upload answered ${res.statusCode}: ${text.slice(0, 200)}`));
          resolve((JSON.parse(text) as { id: string }).id);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export function importTable(r: ImportBenchResult): string {
  const f = (s: number) => s.toFixed(1);
  return [
    "| Operation | Upload (s) | Dry run (s) | Run (s) | Total (s) | Target | App RSS before → peak (MB) | Invitations after the run | Result |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    `| CSV import of ${r.rows.toLocaleString("en-US")} new users into one organization (upload, dry run, run; through the API) | ${f(r.uploadSeconds)} | ${f(r.dryRunSeconds)} | ${f(r.runSeconds)} | ${f(r.totalSeconds)} | < ${IMPORT_BENCH.maxSeconds} s | ${r.rssBeforeMb.toFixed(0)} → ${r.rssPeakMb.toFixed(0)} | ${r.invitationsPerSecond.toFixed(0)} e-mails/s | ${r.totalSeconds < IMPORT_BENCH.maxSeconds && r.created === r.rows ? "pass" : "**FAIL**"} |`,
  ].join("\n");
}
