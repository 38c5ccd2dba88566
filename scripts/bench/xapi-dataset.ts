import { createHash } from "node:crypto";
import type pg from "pg";
import { withClient } from "../../server/database/postgres";
import { quoteIdent } from "../../server/database/pg-url";
import { BENCH_ACCOUNT } from "../db/large/plan";

// The xAPI rows' data (docs/benchmarks.md "xAPI statements"): 10,000,000 statements in the big
// organization's LRS, grown into the large dataset when missing, so an existing dataset gains them without
// a reseed. Built in SQL (INSERT … SELECT generate_series, one chunk per statement), each statement's
// document and filter columns exactly as lib/server/xapi/statements.ts stores a POSTed statement, so the
// app's queries meet what a year of real traffic leaves behind:
// - actors: the organization's learners, a long tail (a few very active people, many occasional ones);
// - registrations: 1,000 started a day, each with tens of statements (30 on average) spread over its day;
// - verbs: a dozen, weighted as a course player sends them (experienced and answered most);
// - activities: 400 courses of 12 lessons (5,200 activity ids), the statement's object a lesson, its
//   context parent the course;
// - stored: spread evenly over the year before the large dataset's seed, in the order of `seq`.
// Chunks are numbered and their statements' ids derived from their number, so an interrupted build
// resumes where it stopped. While many chunks are missing, the table's secondary indexes are dropped and
// rebuilt afterwards from their own definitions (kept in the table's comment meanwhile), as the large
// dataset's seed does for its tables.

export const XAPI_BENCH = {
  statements: 10_000_000,
  chunk: 250_000,
  /** Statements per day window, and registrations started in each (so ~30 statements per registration). */
  window: 27_400,
  registrationsPerWindow: 900,
  courses: 400,
  lessonsPerCourse: 12,
  /** The LRS clients: the course player that stored the year's statements, and the benchmark's own. */
  seedClient: { key: "lrsk_bench_player", name: "Bench course player", secret: "lrss_bench_player_secret" },
  benchClient: { key: "lrsk_bench", name: "Bench LRS client", secret: "lrss_bench_client_secret" },
  /** The origin the seeded statements' authority names (the app's bench port, as the app would write it). */
  origin: `http://${BENCH_ACCOUNT.subdomain}.localhost:3211`,
  activityBase: `https://${BENCH_ACCOUNT.subdomain}.example.com/xapi`,
} as const;

/** A dozen verbs and how often each occurs (per 100 statements); `result` marks those carrying a score. */
export const XAPI_BENCH_VERBS = [
  { name: "launched", weight: 6, result: false },
  { name: "initialized", weight: 6, result: false },
  { name: "experienced", weight: 24, result: false },
  { name: "attempted", weight: 5, result: false },
  { name: "progressed", weight: 14, result: false },
  { name: "answered", weight: 20, result: true },
  { name: "interacted", weight: 6, result: false },
  { name: "completed", weight: 5, result: true },
  { name: "passed", weight: 3, result: true },
  { name: "failed", weight: 2, result: true },
  { name: "suspended", weight: 3, result: false },
  { name: "terminated", weight: 6, result: false },
].map((v) => ({ ...v, id: `http://adlnet.gov/expapi/verbs/${v.name}` }));

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function bigOrganization(client: pg.Client): Promise<{ id: string; ownerId: string }> {
  const { rows } = await client.query<{ id: string; ownerId: string }>(
    `SELECT o.id, (SELECT u.id FROM "User" u WHERE u."organizationId" = o.id AND u.role = 'org_admin' ORDER BY u.email LIMIT 1) AS "ownerId"
       FROM "Organization" o WHERE o.subdomain = $1`,
    [BENCH_ACCOUNT.subdomain],
  );
  if (!rows[0]?.ownerId)
    throw new Error(`No organization ${BENCH_ACCOUNT.subdomain} with an org admin in the large dataset`);
  return rows[0];
}

/** The two LRS clients (created when missing; their secrets are fixed, the dataset being a benchmark's). */
async function ensureClients(
  client: pg.Client,
  org: { id: string; ownerId: string },
): Promise<{ seedClientId: string }> {
  const clients = [
    { ...XAPI_BENCH.seedClient, scopes: ["statements/write", "state"] },
    { ...XAPI_BENCH.benchClient, scopes: ["statements/write", "statements/read"] },
  ];
  for (const c of clients)
    await client.query(
      `INSERT INTO "LrsClient" (id, "organizationId", name, key, "secretHash", scopes, "createdById")
       VALUES (md5($1)::uuid, $2, $3, $1, $4, $5, $6) ON CONFLICT (key) DO NOTHING`,
      [c.key, org.id, c.name, sha256(c.secret), c.scopes, org.ownerId],
    );
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM "LrsClient" WHERE key = $1`, [
    XAPI_BENCH.seedClient.key,
  ]);
  return { seedClientId: rows[0]!.id };
}

/** The chunks whose last statement is not there yet. */
async function missingChunks(client: pg.Client, organizationId: string): Promise<number[]> {
  const count = Math.ceil(XAPI_BENCH.statements / XAPI_BENCH.chunk);
  const lasts = Array.from(
    { length: count },
    (_, c) => Math.min(XAPI_BENCH.statements, (c + 1) * XAPI_BENCH.chunk) - 1,
  );
  const { rows } = await client.query<{ n: number }>(
    `SELECT n FROM unnest($2::int[]) n
      WHERE NOT EXISTS (SELECT 1 FROM "XapiStatement" s WHERE s."organizationId" = $1 AND s.id = pg_temp.xb_uuid('xapi-bench:' || n))`,
    [organizationId, lasts],
  );
  const missing = new Set(rows.map((r) => r.n));
  return lasts.flatMap((last, c) => (missing.has(last) ? [c] : []));
}

const INDEX_NOTE = "xapi-bench: indexes to rebuild ";

/** Drops the secondary indexes, keeping their definitions in the table's comment (an interrupted build finds them there). */
async function dropIndexes(client: pg.Client): Promise<void> {
  const kept = await savedIndexes(client);
  if (kept) return;
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = '"XapiStatement"'::regclass AND NOT i.indisprimary ORDER BY c.relname`,
  );
  await client.query(
    `COMMENT ON TABLE "XapiStatement" IS ${client.escapeLiteral(INDEX_NOTE + JSON.stringify(rows.map((r) => r.def)))}`,
  );
  for (const row of rows) await client.query(`DROP INDEX IF EXISTS ${quoteIdent(row.name)}`);
}

async function savedIndexes(client: pg.Client): Promise<string[] | null> {
  const { rows } = await client.query<{ note: string | null }>(
    `SELECT obj_description('"XapiStatement"'::regclass, 'pg_class') AS note`,
  );
  const note = rows[0]?.note;
  return note?.startsWith(INDEX_NOTE) ? (JSON.parse(note.slice(INDEX_NOTE.length)) as string[]) : null;
}

async function rebuildIndexes(client: pg.Client): Promise<void> {
  const defs = await savedIndexes(client);
  if (!defs) return;
  await client.query("SET maintenance_work_mem = '1GB'");
  await client.query("SET max_parallel_maintenance_workers = 2");
  for (const def of defs) {
    const started = Date.now();
    await client.query(def.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
    console.log(`    ${((Date.now() - started) / 1000).toFixed(1)} s  ${def.replace(/ USING .*/, "")}`);
  }
  await client.query(`COMMENT ON TABLE "XapiStatement" IS NULL`);
}

/**
 * One chunk of statements [from, to): each statement's derived values, then its row, with the document
 * as the app stores a POSTed statement (withActivityLists, then timestamp, stored, authority, version).
 */
function chunkSql(from: number, to: number): string {
  const { window, registrationsPerWindow, courses, lessonsPerCourse, statements } = XAPI_BENCH;
  const year = 365 * 24 * 3600 * 1000;
  const step = year / statements;
  return `
    WITH n AS (SELECT g::bigint AS n FROM generate_series(${from}, ${to - 1}) g),
    r AS (
      SELECT n, (n / ${window}) * ${registrationsPerWindow} + ((hashint8extended(n, 1) & 9223372036854775807) % ${registrationsPerWindow}) AS reg
        FROM n),
    d AS (
      SELECT r.n, r.reg,
             pg_temp.xb_uuid('xapi-bench-registration:' || r.reg) AS registration,
             floor($2::int * power(((hashint8extended(r.reg, 2) & 9223372036854775807) % 1000000) / 1000000.0, 2))::int AS learner,
             (hashint8extended(r.reg, 3) & 9223372036854775807) % ${courses} AS course,
             (hashint8extended(r.n, 4) & 9223372036854775807) % ${lessonsPerCourse} AS lesson,
             $3::int[] AS picks,
             (hashint8extended(r.n, 5) & 9223372036854775807) % 100 AS pick,
             (hashint8extended(r.n, 6) & 9223372036854775807) % 1000 AS score,
             date_trunc('milliseconds', $4::timestamptz - interval '365 days' + (r.n * ${step}) * interval '1 millisecond') AS stored
        FROM r),
    s AS (
      SELECT d.*, v.id AS verb, v.name AS verb_name, v.result AS has_result, l.email, l.name AS learner_name,
             $9::text || '/courses/' || d.course AS course_id,
             $9::text || '/courses/' || d.course || '/lessons/' || d.lesson AS activity_id
        FROM d JOIN xb_verbs v ON v.idx = d.picks[(d.pick + 1)::int] JOIN xb_learners l ON l.idx = d.learner),
    doc AS (
      SELECT s.*, 'mbox:mailto:' || s.email AS actor_key,
             jsonb_strip_nulls(jsonb_build_object(
               'id', pg_temp.xb_uuid('xapi-bench:' || s.n),
               'actor', jsonb_build_object('objectType', 'Agent', 'name', s.learner_name, 'mbox', 'mailto:' || s.email),
               'verb', jsonb_build_object('id', s.verb, 'display', jsonb_build_object('en-US', s.verb_name)),
               'object', jsonb_build_object('objectType', 'Activity', 'id', s.activity_id, 'definition', jsonb_build_object(
                 'name', jsonb_build_object('en-US', 'Course ' || s.course || ', lesson ' || (s.lesson + 1)),
                 'type', 'http://adlnet.gov/expapi/activities/lesson')),
               'result', CASE WHEN s.has_result THEN jsonb_build_object(
                 'score', jsonb_build_object('scaled', round(s.score / 1000.0, 2), 'raw', s.score / 10, 'min', 0, 'max', 100),
                 'success', s.verb_name <> 'failed' AND s.score >= 500,
                 'completion', s.verb_name IN ('completed', 'passed'),
                 'duration', 'PT' || (30 + s.score) || 'S') END,
               'context', jsonb_build_object(
                 'registration', s.registration,
                 'platform', 'Bench course player',
                 'language', 'en-US',
                 'contextActivities', jsonb_build_object('parent', jsonb_build_array(
                   jsonb_build_object('objectType', 'Activity', 'id', s.course_id)))),
               'timestamp', to_char((s.stored - ((hashint8extended(s.n, 7) & 9223372036854775807) % 5000) * interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'stored', to_char(s.stored AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'authority', jsonb_build_object('objectType', 'Agent', 'name', $6::text,
                 'account', jsonb_build_object('homePage', $8::text, 'name', $7::text)),
               'version', '2.0.0')) AS document
        FROM s)
    INSERT INTO "XapiStatement" ("organizationId", id, stored, document, "verbId", "actorKeys", "relatedAgentKeys",
      "activityId", "relatedActivityIds", registration, "clientId", "attachmentHashes")
    SELECT $1::uuid, pg_temp.xb_uuid('xapi-bench:' || doc.n), doc.stored, doc.document, doc.verb,
           ARRAY[doc.actor_key], ARRAY[doc.actor_key, 'account:' || $8::text || ' ' || $7::text],
           doc.activity_id, ARRAY[doc.activity_id, doc.course_id], doc.registration, $5::uuid, '{}'::text[]
      FROM doc ORDER BY doc.n`;
}

/** Builds the missing statements; returns how long it took (0 when nothing was missing). */
export async function ensureXapiStatements(
  databaseUrl: string,
  anchor: string,
): Promise<{ seconds: number; built: number }> {
  return withClient(databaseUrl, async (client) => {
    const org = await bigOrganization(client);
    const { seedClientId } = await ensureClients(client, org);
    // A version-4 UUID from a name (the LRS takes RFC 4122 UUIDs only): its MD5 with the version and variant set.
    await client.query(
      `CREATE OR REPLACE FUNCTION pg_temp.xb_uuid(name text) RETURNS uuid LANGUAGE sql IMMUTABLE AS
         $$ SELECT overlay(overlay(md5(name) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid $$`,
    );
    const missing = await missingChunks(client, org.id);
    const interrupted = await savedIndexes(client);
    if (missing.length === 0 && !interrupted) return { seconds: 0, built: 0 };
    const started = Date.now();
    console.log(
      `Growing ${BENCH_ACCOUNT.subdomain}'s LRS: ${missing.length} of ${Math.ceil(XAPI_BENCH.statements / XAPI_BENCH.chunk)} chunks of ${XAPI_BENCH.chunk.toLocaleString("en-US")} xAPI statements missing.`,
    );
    // The actors: the organization's learners, by email; the verbs, and the weighted picks among them.
    await client.query(
      `CREATE TEMP TABLE xb_learners AS
         SELECT (row_number() OVER (ORDER BY u.email) - 1)::int AS idx, lower(u.email) AS email, u."firstName" || ' ' || u."lastName" AS name
           FROM "User" u WHERE u."organizationId" = $1 AND u.role = 'learner'`,
      [org.id],
    );
    await client.query(`CREATE UNIQUE INDEX ON xb_learners (idx)`);
    const learners = Number((await client.query<{ c: string }>("SELECT count(*) AS c FROM xb_learners")).rows[0]!.c);
    await client.query(`CREATE TEMP TABLE xb_verbs (idx int PRIMARY KEY, id text, name text, result boolean)`);
    for (const [idx, v] of XAPI_BENCH_VERBS.entries())
      await client.query(`INSERT INTO xb_verbs VALUES ($1, $2, $3, $4)`, [idx, v.id, v.name, v.result]);
    const picks = XAPI_BENCH_VERBS.flatMap((v, idx) => Array.from({ length: v.weight }, () => idx));
    if (picks.length !== 100) throw new Error("The verbs' weights must add up to 100");
    await client.query("ANALYZE xb_learners; ANALYZE xb_verbs");

    if (missing.length > 1) await dropIndexes(client);
    const values = [
      org.id,
      learners,
      picks,
      anchor,
      seedClientId,
      XAPI_BENCH.seedClient.name,
      XAPI_BENCH.seedClient.key,
      XAPI_BENCH.origin,
      XAPI_BENCH.activityBase,
    ];
    for (const [i, c] of missing.entries()) {
      const from = c * XAPI_BENCH.chunk;
      const to = Math.min(XAPI_BENCH.statements, from + XAPI_BENCH.chunk);
      const t = Date.now();
      // One statement per chunk: a chunk is there whole or not at all.
      await client.query(chunkSql(from, to), values);
      console.log(
        `  chunk ${i + 1}/${missing.length} (statements ${from.toLocaleString("en-US")}–${(to - 1).toLocaleString("en-US")}) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    console.log("  rebuilding the indexes:");
    await rebuildIndexes(client);
    await client.query(`VACUUM (ANALYZE) "XapiStatement"`);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `  ${missing.length * XAPI_BENCH.chunk} statements built in ${seconds.toFixed(1)} s (indexes and VACUUM ANALYZE included).`,
    );
    return { seconds, built: missing.length };
  });
}
