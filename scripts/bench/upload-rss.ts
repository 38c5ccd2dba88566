import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { prepareAuthEnv } from "../../server/runtime-env";

// npm run bench:upload-rss: the app's memory while a lesson file is uploaded. Starts the production app
// (scripts/bench/app-process.ts) on a fresh database of its own, warms the route up with a 1 MB upload
// (Next loads a route's code on its first request: ~130 MB here, whatever the size), then streams a
// multipart upload of UPLOAD_MB (150) to PUT …/lessons/{id}/file in 1 MiB writes while sampling the app
// process's resident memory every 50 ms; prints the RSS before, the peak during and the high-water mark.

const UPLOAD_MB = Number(process.env.UPLOAD_MB ?? 150);
const PORT = 3231;

prepareAuthEnv();
const { startPostgres, createFreshDatabase } = await import("../../server/database/postgres");
const { applyMigrations } = await import("../../server/database/schema-engine");
const { startServerProcess } = await import("./server-process");
const server = await startPostgres({ purpose: "app" });
const database = await createFreshDatabase(server.serverUrl, "lms_bench_upload");
try {
  await applyMigrations(database.url);
  process.env.TEST_DATABASE_URL = database.url;
  const { createTenant, testDb } = await import("@/test/factories");
  const { createCourse } = await import("@/test/course-factories");
  const { issueToken } = await import("@/lib/auth/token");
  const tenant = await createTenant();
  const course = await createCourse(tenant.id, { modules: [{ lessons: [{ kind: "file" }] }] });
  const session = await testDb().session.create({
    data: { organizationId: tenant.id, userId: tenant.users.admin.id, expiresAt: new Date(Date.now() + 86_400_000) },
  });
  const token = await issueToken({
    sub: tenant.users.admin.id,
    role: "admin",
    org: tenant.id,
    tenant: tenant.subdomain,
    sv: 0,
    sid: session.id,
  });
  await testDb().$disconnect();

  const app = await startServerProcess(
    "scripts/bench/app-process.ts",
    {
      DATABASE_URL: database.url,
      NODE_ENV: "production",
      PORT: String(PORT),
      LESSON_FILE_MAX_BYTES: String((UPLOAD_MB + 10) * 1024 * 1024),
      JOB_WORKERS: "false",
    },
    "The app",
  );
  try {
    const memory = (field: "VmRSS" | "VmHWM") =>
      Number(
        new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${app.pid}/status`, "utf8"))?.[1] ?? 0,
      ) / 1024;
    const path = `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/file`;
    const host = `${tenant.subdomain}.localhost:${PORT}`;
    const warmUp = await upload(host, path, token, 1);
    if (warmUp !== 200) throw new Error(`the warm-up upload answered ${warmUp}`);
    const before = memory("VmRSS");
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memory("VmRSS"))), 50);
    const started = Date.now();
    const status = await upload(host, path, token, UPLOAD_MB);
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    console.log(`PUT of a ${UPLOAD_MB} MB lesson file: HTTP ${status} in ${seconds.toFixed(1)} s`);
    console.log(
      `app RSS before ${before.toFixed(0)} MB, peak during the upload ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB), VmHWM ${memory("VmHWM").toFixed(0)} MB`,
    );
  } finally {
    await app.stop();
  }
} finally {
  await database.drop();
  await server.stop();
}
process.exit(0);

/** A multipart body written in 1 MiB chunks of random bytes, as a browser sends a large file. */
function upload(host: string, path: string, token: string, megabytes: number): Promise<number> {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(1024 * 1024);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: PORT,
        path,
        method: "PUT",
        headers: {
          host,
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + megabytes * chunk.length + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    let sent = 0;
    const writeMore = () => {
      while (sent < megabytes) {
        sent += 1;
        if (!req.write(chunk)) return void req.once("drain", writeMore);
      }
      req.end(tail);
    };
    req.write(head);
    writeMore();
  });
}
