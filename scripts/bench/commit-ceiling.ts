import { createServer, type IncomingMessage } from "node:http";
import pg from "pg";
import { tenantAndUserFromRow, type TenantAndUserRow } from "@/lib/auth/caller-lookup";
import { bearerToken, readToken, type SessionClaims } from "@/lib/auth/token";
import { env, requireDatabaseUrl } from "@/lib/env";
import { planCommit, type StoredSco } from "@/lib/scorm/commit-plan";
import { packageRules, type PackageRules } from "@/lib/scorm/rollup";
import type { ScormManifest, ScormVersion } from "@/lib/scorm/types";
import type { ScormCommit } from "@/lib/schemas/scorm";
import { updateAttemptValues, upsertScoValues, PACKAGE_MANIFEST_SQL } from "@/lib/server/scorm/commit";
import { CALLER_AND_ATTEMPT_SQL, WRITE_COMMIT_SQL } from "@/lib/server/scorm/commit-sql";
import { hostTarget } from "@/lib/tenancy/host";
import { prepareAuthEnv } from "../lib/runtime-env";
import { query } from "./ceiling-query";
import { answerBenchControl } from "./control";

// The commit ceiling: node:http + a pg Pool of the app's size, the app's statements and values for the
// common commit (the caller lookup with the attempt read, the guarded write), no framework, no ORM, no zod.
// The bench (commit-bench.ts) compares the statements both servers send for a commit before measuring.

prepareAuthEnv();
answerBenchControl(undefined);
const pool = new pg.Pool({ connectionString: requireDatabaseUrl(), max: env.DB_POOL_MAX });
const claimsCache = new Map<string, Promise<SessionClaims | null>>();
const rulesCache = new Map<string, PackageRules>();

type AttemptRow = { version: string; packageId: string; scormVersion: ScormVersion; scos: StoredSco[]; globalsSequence: number; globalsRollup: unknown };

/** The app's common commit (lib/server/scorm/commit.ts): the attempt as read with the caller, plan, one guarded write (no transaction). */
async function commitOne(organizationId: string, commit: ScormCommit, row: AttemptRow | null): Promise<boolean> {
  if (!row) throw new Error("not found");
  let rules = rulesCache.get(row.packageId);
  if (!rules) {
    const manifest = (await query<{ manifest: ScormManifest }>(pool, PACKAGE_MANIFEST_SQL, [row.packageId, organizationId])).rows[0]!.manifest;
    rules = packageRules(manifest);
    rulesCache.set(row.packageId, rules);
  }
  const plan = planCommit(row.scormVersion, rules, { scos: row.scos, globalsSequence: row.globalsSequence, globalsRollup: row.globalsRollup }, commit);
  if (!plan.sco) return false;
  const values = [...updateAttemptValues(organizationId, commit, plan), row.version, ...upsertScoValues(organizationId, commit, plan.sco)];
  const written = await query<{ written: number }>(pool, WRITE_COMMIT_SQL, values);
  return written.rows[0]!.written === 1;
}

async function answer(req: IncomingMessage, body: string): Promise<unknown> {
  const target = hostTarget(req.headers.host, env.APP_DOMAIN);
  const token = bearerToken(req.headers.authorization);
  if (target.kind !== "tenant" || !token) throw new Error("no tenant or no token");
  if (!claimsCache.has(token)) claimsCache.set(token, readToken(token));
  const claims = await claimsCache.get(token);
  if (!claims || claims.tenant !== target.subdomain) throw new Error("token not for this host");
  // The bench sends one commit per request: the caller and its attempt in one statement, as the app does.
  const { commits } = JSON.parse(body) as { commits: ScormCommit[] };
  const c = commits[0]!;
  const { rows } = await query<TenantAndUserRow & AttemptRow & { id: string | null }>(pool, CALLER_AND_ATTEMPT_SQL, [target.subdomain, claims.sub, c.attemptId]);
  const { organization, user } = tenantAndUserFromRow(rows[0]!);
  if (!organization || !user || user.status !== "active" || user.sessionVersion !== claims.sv || organization.id !== claims.org) throw new Error("unknown caller");
  const commit = { ...c, terminated: c.terminated ?? false };
  const applied = await commitOne(organization.id, commit, rows[0]!.id === null ? null : rows[0]!);
  return { results: [{ attemptId: c.attemptId, scoId: c.scoId, sequence: c.sequence, applied }] };
}

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    answer(req, Buffer.concat(chunks).toString("utf8")).then(
      (body) => { const t = JSON.stringify(body); res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(t) }); res.end(t); },
      (error: unknown) => { console.error(error); res.writeHead(500); res.end(); },
    );
  });
}).listen(Number(process.env.PORT), "0.0.0.0", () => console.log(`ready http://localhost:${process.env.PORT}`));
process.once("SIGTERM", () => process.exit(0));
