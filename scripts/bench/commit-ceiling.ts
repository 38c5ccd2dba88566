import { createServer, type IncomingMessage } from "node:http";
import pg from "pg";
import { env, requireDatabaseUrl } from "@/lib/env";
import { planCommit, readCommit, type StoredSco } from "@/lib/scorm/commit-plan";
import { packageRules, type PackageRules } from "@/lib/scorm/rollup";
import type { ScormManifest, ScormVersion } from "@/lib/scorm/types";
import type { ScormCommit } from "@/lib/schemas/scorm";
import { writeCommitSql, grantedAttemptSql, packageManifestSql } from "@/lib/server/scorm/commit-sql";
import { readContentToken, type ContentGrant } from "@/lib/server/scorm/content-token";
import { hostTarget } from "@/lib/tenancy/host";
import { prepareAuthEnv } from "../../server/runtime-env";
import { query } from "./ceiling-query";
import { answerBenchControl } from "./control";

// The commit ceiling: node:http + a pg Pool of the app's size, the app's statements and values for the
// common commit (the token's grant checked with the attempt read, the guarded write), no framework, no ORM, no zod.
// The bench (commit-bench.ts) compares the statements both servers send for a commit before measuring.

prepareAuthEnv();
answerBenchControl(undefined);
const pool = new pg.Pool({ connectionString: requireDatabaseUrl(), max: env.DB_POOL_MAX });
const grants = new Map<string, ContentGrant | null>();
const rulesCache = new Map<string, PackageRules>();

type AttemptRow = {
  version: string;
  packageId: string;
  scormVersion: ScormVersion;
  scos: StoredSco[];
  globalsSequence: number;
  globalsRollup: unknown;
  sequencingSequence: number;
  ended: boolean;
};

/** The app's common commit (lib/server/scorm/commit.ts): the attempt as read with the caller, plan, one guarded write (no transaction). */
async function commitOne(organizationId: string, commit: ScormCommit, row: AttemptRow | null): Promise<boolean> {
  if (!row) throw new Error("not found");
  let rules = rulesCache.get(row.packageId);
  if (!rules) {
    const manifest = (await query<{ manifest: ScormManifest }>(pool, packageManifestSql(row.packageId, organizationId)))
      .rows[0]!.manifest;
    rules = packageRules(manifest);
    rulesCache.set(row.packageId, rules);
  }
  const plan = planCommit(
    rules,
    {
      scos: row.scos,
      globalsSequence: row.globalsSequence,
      globalsRollup: row.globalsRollup,
      sequencingSequence: row.sequencingSequence,
      ended: row.ended,
    },
    readCommit(row.scormVersion, rules, commit),
  );
  if (!plan.sco) return false;
  const write = writeCommitSql(organizationId, commit, plan, row.version);
  const written = await query<{ written: number }>(pool, write);
  return written.rows[0]!.written === 1;
}

async function answer(req: IncomingMessage, body: string): Promise<unknown> {
  const target = hostTarget(req.headers.host, env.APP_DOMAIN, env.CONTENT_DOMAIN);
  const token = (req.url ?? "").split("?")[0]!.replace("/scorm/commits/", "");
  if (target.kind !== "content") throw new Error("not a content host");
  if (!grants.has(token)) grants.set(token, readContentToken(token));
  const grant = grants.get(token);
  if (!grant?.attemptId) throw new Error("no grant");
  // The bench sends one commit per request: the grant checked as the attempt is read, as the app does.
  const { commits } = JSON.parse(body) as { commits: ScormCommit[] };
  const c = commits[0]!;
  if (c.attemptId !== grant.attemptId) throw new Error("another attempt");
  const { rows } = await query<AttemptRow>(
    pool,
    grantedAttemptSql(
      { attemptId: c.attemptId, organizationId: grant.organizationId, userId: grant.userId },
      target.subdomain,
    ),
  );
  const commit = { ...c, terminated: c.terminated ?? false };
  const applied = await commitOne(grant.organizationId, commit, rows[0] ?? null);
  return { results: [{ attemptId: c.attemptId, scoId: c.scoId, sequence: c.sequence, applied }] };
}

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    answer(req, Buffer.concat(chunks).toString("utf8")).then(
      (body) => {
        const t = JSON.stringify(body);
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(t) });
        res.end(t);
      },
      (error: unknown) => {
        console.error(error);
        res.writeHead(500);
        res.end();
      },
    );
  });
}).listen(Number(process.env.PORT), "0.0.0.0", () => console.log(`ready http://localhost:${process.env.PORT}`));
process.once("SIGTERM", () => process.exit(0));
