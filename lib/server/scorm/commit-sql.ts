import "server-only";

// The statements of a SCORM commit, exported so the benchmark's ceiling sends exactly them.
// TIMESTAMP(3) columns hold UTC (as Prisma writes them): now() AT TIME ZONE 'UTC'.

/**
 * The attempt (by id, organization and the caller's user: SQL expressions), its SCOs' states, and its row
 * version (xmin: every applied commit updates the attempt row, so it changes with every commit).
 */
const readAttempt = (
  attemptId: string,
  organizationId: string,
  userId: string,
) => `SELECT a."id", a.xmin::text AS "version", a."courseId", a."enrollmentId", a."lessonId", a."packageId", a."globalsSequence", a."globals" -> 'rollup' AS "globalsRollup",
  a."completedAt" IS NOT NULL AS "completed", e."status"::text AS "enrollmentStatus", p."scormVersion"::text AS "scormVersion",
  lp."status"::text AS "lessonStatus",
  EXISTS (SELECT 1 FROM "ScormAttempt" n WHERE n."enrollmentId" = a."enrollmentId" AND n."lessonId" = a."lessonId" AND n."attemptNumber" > a."attemptNumber") AS "superseded",
  COALESCE((SELECT json_agg(json_build_object('scoId', s."scoId", 'commitSequence', s."commitSequence", 'completionStatus', s."completionStatus",
    'successStatus', s."successStatus", 'scoreScaled', s."scoreScaled", 'progressMeasure', s."progressMeasure",
    'totalTimeSeconds', s."totalTimeSeconds", 'sessionSeconds', s."sessionSeconds"))
    FROM "ScormScoState" s WHERE s."attemptId" = a."id"), '[]'::json) AS "scos"
FROM "ScormAttempt" a
JOIN "Enrollment" e ON e."organizationId" = a."organizationId" AND e."id" = a."enrollmentId" AND e."userId" = ${userId}
JOIN "ScormPackage" p ON p."organizationId" = a."organizationId" AND p."id" = a."packageId"
LEFT JOIN "LessonProgress" lp ON lp."enrollmentId" = a."enrollmentId" AND lp."lessonId" = a."lessonId"
WHERE a."id" = ${attemptId} AND a."organizationId" = ${organizationId}`;

/** $1 attempt id, $2 organization id, $3 caller's user id. */
export const READ_ATTEMPT_SQL = readAttempt("$1::uuid", "$2::uuid", "$3::uuid");

/**
 * READ_ATTEMPT_SQL for the first commit of a request, with the grant of its token checked in the same
 * statement: $4 is the subdomain of the content host asked, which must be the attempt's organization's,
 * and that organization and the user ($3) must still be active. No row: the token grants nothing here.
 */
export const GRANTED_ATTEMPT_SQL = `${READ_ATTEMPT_SQL}
  AND EXISTS (SELECT 1 FROM "Organization" o WHERE o."id" = a."organizationId" AND o."subdomain" = $4 AND o."status"::text = 'active')
  AND EXISTS (SELECT 1 FROM "User" u WHERE u."id" = $3::uuid AND u."organizationId" = a."organizationId" AND u."status"::text = 'active')`;

/**
 * $1 attempt id, $2 organization id, $3 caller's user id: locks the caller's attempt until the transaction
 * ends, so its commits apply one at a time. A statement of its own, before READ_ATTEMPT_SQL: under READ
 * COMMITTED a locking SELECT that waited re-reads only the locked row, while its subqueries (the SCOs'
 * states) keep the snapshot from before the wait; the read that follows the lock sees every commit before it.
 */
export const LOCK_ATTEMPT_SQL = `SELECT a."id" FROM "ScormAttempt" a
JOIN "Enrollment" e ON e."organizationId" = a."organizationId" AND e."id" = a."enrollmentId" AND e."userId" = $3::uuid
WHERE a."id" = $1::uuid AND a."organizationId" = $2::uuid
FOR UPDATE OF a`;

/** An upsert of the SCO's state from `source` (VALUES or SELECT), unless a commit with the same or a higher sequence got there first. */
const SCO_UPSERT = (
  source: string,
) => `INSERT INTO "ScormScoState" ("id", "organizationId", "attemptId", "scoId", "cmi", "commitSequence", "completionStatus",
  "successStatus", "scoreRaw", "scoreMin", "scoreMax", "scoreScaled", "progressMeasure", "totalTimeSeconds", "sessionSeconds",
  "location", "suspendData", "exit", "startedAt", "lastCommittedAt")
${source}
ON CONFLICT ("attemptId", "scoId") DO UPDATE SET "cmi" = EXCLUDED."cmi", "commitSequence" = EXCLUDED."commitSequence",
  "completionStatus" = EXCLUDED."completionStatus", "successStatus" = EXCLUDED."successStatus", "scoreRaw" = EXCLUDED."scoreRaw",
  "scoreMin" = EXCLUDED."scoreMin", "scoreMax" = EXCLUDED."scoreMax", "scoreScaled" = EXCLUDED."scoreScaled",
  "progressMeasure" = EXCLUDED."progressMeasure", "totalTimeSeconds" = EXCLUDED."totalTimeSeconds",
  "sessionSeconds" = EXCLUDED."sessionSeconds", "location" = EXCLUDED."location", "suspendData" = EXCLUDED."suspendData",
  "exit" = EXCLUDED."exit", "lastCommittedAt" = EXCLUDED."lastCommittedAt"
WHERE "ScormScoState"."commitSequence" < EXCLUDED."commitSequence"
RETURNING "id"`;

/** The SCO's state: $1–$18 (upsertScoValues in commit.ts). */
export const UPSERT_SCO_SQL =
  SCO_UPSERT(`VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::jsonb, $6::int, $7, $8, $9::float8, $10::float8, $11::float8, $12::float8, $13::float8,
  $14::float8, $15::float8, $16, $17, $18, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')`);

const ATTEMPT_SET = `"completionStatus" = $3, "successStatus" = $4, "scoreScaled" = $5::float8,
  "progressMeasure" = $6::float8, "totalTimeSeconds" = $7::float8,
  "globals" = COALESCE($8::jsonb, "globals"), "globalsSequence" = CASE WHEN $8::jsonb IS NULL THEN "globalsSequence" ELSE $9::int END,
  "lastScoId" = $10, "lastCommittedAt" = now() AT TIME ZONE 'UTC',
  "log" = CASE WHEN $11::jsonb IS NULL THEN "log" ELSE "log" || $11::jsonb END,
  "completedAt" = CASE WHEN $12::boolean AND "completedAt" IS NULL THEN now() AT TIME ZONE 'UTC' ELSE "completedAt" END`;

/** The attempt's rollup; globals only when given ($8 not null); warnings appended to the log ($11). */
export const UPDATE_ATTEMPT_SQL = `UPDATE "ScormAttempt" SET ${ATTEMPT_SET}
WHERE "id" = $1::uuid AND "organizationId" = $2::uuid`;

/**
 * The common commit in one statement, without a lock: the attempt's rollup (UPDATE_ATTEMPT_SQL's $1–$12)
 * only if the attempt is still at the version read ($13), and then the SCO's state (UPSERT_SCO_SQL's
 * values as $14–$31). A commit that got there first changed the version: nothing is written and
 * "written" is 0, and the caller reads and plans again. Under READ COMMITTED a concurrent writer's update
 * is waited for and the version re-checked on the row it left, so two commits never both pass.
 */
export const WRITE_COMMIT_SQL = `WITH "attempt" AS (
  UPDATE "ScormAttempt" SET ${ATTEMPT_SET}
  WHERE "id" = $1::uuid AND "organizationId" = $2::uuid AND xmin = $13::text::xid
  RETURNING "id"
), "sco" AS (
  ${SCO_UPSERT(`SELECT $14::uuid, $15::uuid, $16::uuid, $17, $18::jsonb, $19::int, $20, $21, $22::float8, $23::float8, $24::float8, $25::float8,
  $26::float8, $27::float8, $28::float8, $29, $30, $31, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' FROM "attempt"`)}
)
SELECT (SELECT count(*) FROM "attempt")::int AS "written"`;
