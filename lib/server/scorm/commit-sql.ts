import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { CommitPlan } from "@/lib/scorm/commit-plan";
import type { ScormCommit } from "@/lib/schemas/scorm";
import { v7 as uuidV7 } from "uuid";

// The statements of a SCORM commit, exported so the benchmark's ceiling sends exactly them (the same
// text and values). TIMESTAMP(3) columns hold UTC (as Prisma writes them): now() AT TIME ZONE 'UTC'.

/** Whose attempt a statement reads or locks: the attempt of the caller's own enrollment, in its organization. */
export interface AttemptKey {
  attemptId: string;
  organizationId: string;
  userId: string;
}

/**
 * The attempt, its SCOs' states, and its row version (xmin: every applied commit updates the attempt
 * row, so it changes with every commit).
 */
export const readAttemptSql = ({ attemptId, organizationId, userId }: AttemptKey) =>
  Prisma.sql`SELECT a."id", a.xmin::text AS "version", a."playerGeneration", a."courseId", a."enrollmentId", a."lessonId", a."packageId", a."globalsSequence", a."globals" -> 'rollup' AS "globalsRollup",
  a."sequencingSequence", a."completedAt" IS NOT NULL AS "completed", a."successStatus" AS "successStatus", a."endedAt" IS NOT NULL AS "ended", e."status"::text AS "enrollmentStatus", p."scormVersion"::text AS "scormVersion",
  lp."status"::text AS "lessonStatus",
  EXISTS (SELECT 1 FROM "ScormAttempt" n WHERE n."enrollmentId" = a."enrollmentId" AND n."lessonId" = a."lessonId" AND n."attemptNumber" > a."attemptNumber") AS "superseded",
  COALESCE((SELECT json_agg(json_build_object('scoId', s."scoId", 'commitSequence', s."commitSequence", 'completionStatus', s."completionStatus",
    'successStatus', s."successStatus", 'scoreScaled', s."scoreScaled", 'progressMeasure', s."progressMeasure",
    'totalTimeSeconds', s."totalTimeSeconds", 'sessionSeconds', s."sessionSeconds", 'activityAttempt', s."activityAttempt",
    'activityStartSeconds', s."activityStartSeconds"))
    FROM "ScormScoState" s WHERE s."attemptId" = a."id"), '[]'::json) AS "scos"
FROM "ScormAttempt" a
JOIN "Enrollment" e ON e."organizationId" = a."organizationId" AND e."id" = a."enrollmentId" AND e."userId" = ${userId}::uuid
JOIN "ScormPackage" p ON p."organizationId" = a."organizationId" AND p."id" = a."packageId"
LEFT JOIN "LessonProgress" lp ON lp."enrollmentId" = a."enrollmentId" AND lp."lessonId" = a."lessonId"
WHERE a."id" = ${attemptId}::uuid AND a."organizationId" = ${organizationId}::uuid`;

/**
 * readAttemptSql for the first commit of a request, with the grant of its token checked in the same
 * statement: `subdomain` is the content host asked, which must be the attempt's organization's, and that
 * organization and the user must still be active. No row: the token grants nothing here.
 */
export const grantedAttemptSql = (key: AttemptKey, subdomain: string) => Prisma.sql`${readAttemptSql(key)}
  AND EXISTS (SELECT 1 FROM "Organization" o WHERE o."id" = a."organizationId" AND o."subdomain" = ${subdomain} AND o."status"::text = 'active')
  AND EXISTS (SELECT 1 FROM "User" u WHERE u."id" = ${key.userId}::uuid AND u."organizationId" = a."organizationId" AND u."status"::text = 'active')`;

/**
 * Locks the caller's attempt until the transaction ends, so its commits apply one at a time. A statement
 * of its own, before readAttemptSql: under READ COMMITTED a locking SELECT that waited re-reads only the
 * locked row, while its subqueries (the SCOs' states) keep the snapshot from before the wait; the read
 * that follows the lock sees every commit before it.
 */
export const lockAttemptSql = ({ attemptId, organizationId, userId }: AttemptKey) =>
  Prisma.sql`SELECT a."id" FROM "ScormAttempt" a
JOIN "Enrollment" e ON e."organizationId" = a."organizationId" AND e."id" = a."enrollmentId" AND e."userId" = ${userId}::uuid
WHERE a."id" = ${attemptId}::uuid AND a."organizationId" = ${organizationId}::uuid
FOR UPDATE OF a`;

/** A SCO's state as a commit writes it. */
interface ScoRow {
  id: string;
  organizationId: string;
  attemptId: string;
  scoId: string;
  /** The CMI data model as JSON text. */
  cmi: string;
  sequence: number;
  completionStatus: string;
  successStatus: string;
  scoreRaw: number | null;
  scoreMin: number | null;
  scoreMax: number | null;
  scoreScaled: number | null;
  progressMeasure: number | null;
  totalTimeSeconds: number;
  sessionSeconds: number;
  location: string | null;
  suspendData: string | null;
  exit: string | null;
  activityAttempt: number;
  activityStartSeconds: number;
}

function scoRow(organizationId: string, commit: ScormCommit, sco: NonNullable<CommitPlan["sco"]>): ScoRow {
  return {
    id: uuidV7(),
    organizationId,
    attemptId: commit.attemptId,
    scoId: commit.scoId,
    cmi: JSON.stringify(commit.cmi),
    sequence: commit.sequence,
    completionStatus: sco.completionStatus,
    successStatus: sco.successStatus,
    scoreRaw: sco.scoreRaw,
    scoreMin: sco.scoreMin,
    scoreMax: sco.scoreMax,
    scoreScaled: sco.scoreScaled,
    progressMeasure: sco.progressMeasure,
    totalTimeSeconds: sco.totalTimeSeconds,
    sessionSeconds: sco.sessionSecondsOpen,
    location: sco.location,
    suspendData: sco.suspendData,
    exit: sco.exit,
    activityAttempt: sco.activityAttempt,
    activityStartSeconds: sco.activityStartSeconds,
  };
}

/** The columns of a ScormScoState row, in the order of the upsert's column list. */
const scoValues = (s: ScoRow) =>
  Prisma.sql`${s.id}::uuid, ${s.organizationId}::uuid, ${s.attemptId}::uuid, ${s.scoId}, ${s.cmi}::jsonb, ${s.sequence}::int, ${s.completionStatus}, ${s.successStatus},
  ${s.scoreRaw}::float8, ${s.scoreMin}::float8, ${s.scoreMax}::float8, ${s.scoreScaled}::float8, ${s.progressMeasure}::float8, ${s.totalTimeSeconds}::float8,
  ${s.sessionSeconds}::float8, ${s.location}, ${s.suspendData}, ${s.exit}, ${s.activityAttempt}::int, ${s.activityStartSeconds}::float8,
  now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'`;

/**
 * An upsert of the SCO's state from `source` (a SELECT), unless a commit with the same or a higher
 * sequence, or of a later activity attempt, got there first. A later activity attempt restarts the row's start time.
 */
const scoUpsert = (source: Prisma.Sql) =>
  Prisma.sql`INSERT INTO "ScormScoState" ("id", "organizationId", "attemptId", "scoId", "cmi", "commitSequence", "completionStatus",
  "successStatus", "scoreRaw", "scoreMin", "scoreMax", "scoreScaled", "progressMeasure", "totalTimeSeconds", "sessionSeconds",
  "location", "suspendData", "exit", "activityAttempt", "activityStartSeconds", "startedAt", "lastCommittedAt")
${source}
ON CONFLICT ("attemptId", "scoId") DO UPDATE SET "cmi" = EXCLUDED."cmi", "commitSequence" = EXCLUDED."commitSequence",
  "completionStatus" = EXCLUDED."completionStatus", "successStatus" = EXCLUDED."successStatus", "scoreRaw" = EXCLUDED."scoreRaw",
  "scoreMin" = EXCLUDED."scoreMin", "scoreMax" = EXCLUDED."scoreMax", "scoreScaled" = EXCLUDED."scoreScaled",
  "progressMeasure" = EXCLUDED."progressMeasure", "totalTimeSeconds" = EXCLUDED."totalTimeSeconds",
  "sessionSeconds" = EXCLUDED."sessionSeconds", "location" = EXCLUDED."location", "suspendData" = EXCLUDED."suspendData",
  "exit" = EXCLUDED."exit", "lastCommittedAt" = EXCLUDED."lastCommittedAt",
  "startedAt" = CASE WHEN EXCLUDED."activityAttempt" > "ScormScoState"."activityAttempt" THEN EXCLUDED."startedAt" ELSE "ScormScoState"."startedAt" END,
  "activityAttempt" = EXCLUDED."activityAttempt", "activityStartSeconds" = EXCLUDED."activityStartSeconds"
WHERE "ScormScoState"."commitSequence" < EXCLUDED."commitSequence" AND "ScormScoState"."activityAttempt" <= EXCLUDED."activityAttempt"
RETURNING "id"`;

/**
 * The stored activity attempt `number` of the commit's SCO, kept as a ScormScoAttempt row (its results and
 * its own time) before the commit's upsert starts the row afresh: a CTE of the same statement, so it reads
 * the row as it was before the statement, and only when the attempt's guarded update went through. A
 * replay finds the row already past that activity attempt, and the key refuses a second copy anyway.
 */
const scoArchive = (
  organizationId: string,
  commit: ScormCommit,
  number: number,
) => Prisma.sql`INSERT INTO "ScormScoAttempt"
  ("organizationId", "attemptId", "scoId", "number", "completionStatus", "successStatus", "scoreRaw", "scoreMin", "scoreMax",
  "scoreScaled", "progressMeasure", "timeSeconds", "startedAt", "endedAt")
SELECT s."organizationId", s."attemptId", s."scoId", s."activityAttempt", s."completionStatus", s."successStatus", s."scoreRaw", s."scoreMin",
  s."scoreMax", s."scoreScaled", s."progressMeasure", greatest(s."totalTimeSeconds" - s."activityStartSeconds", 0), s."startedAt", s."lastCommittedAt"
FROM "ScormScoState" s JOIN "attempt" a ON a."id" = s."attemptId"
WHERE s."organizationId" = ${organizationId}::uuid AND s."attemptId" = ${commit.attemptId}::uuid AND s."scoId" = ${commit.scoId}
  AND s."activityAttempt" = ${number}::int AND s."commitSequence" < ${commit.sequence}::int
ON CONFLICT DO NOTHING`;

/** The attempt's columns a commit sets: its rollup, the globals and the activity tree's state when given, warnings appended to the log. */
function attemptSet(commit: ScormCommit, plan: CommitPlan): Prisma.Sql {
  const a = plan.attempt;
  const globals = plan.applyGlobals ? JSON.stringify(commit.globals) : null;
  const log = plan.log.length > 0 ? JSON.stringify(plan.log) : null;
  // Only commits made at navigation carry the tree or end the attempt: the common commit's statement
  // stays the same text without them.
  const sequencing = plan.applySequencing
    ? Prisma.sql`, "sequencingState" = ${JSON.stringify(commit.sequencing)}::jsonb, "sequencingSequence" = ${commit.sequence}::int`
    : Prisma.empty;
  const ended = plan.endsAttempt
    ? Prisma.sql`, "endedAt" = COALESCE("endedAt", now() AT TIME ZONE 'UTC')`
    : Prisma.empty;
  return Prisma.sql`"completionStatus" = ${a.completionStatus}, "successStatus" = ${a.successStatus}, "scoreScaled" = ${a.scoreScaled}::float8,
  "progressMeasure" = ${a.progressMeasure}::float8, "totalTimeSeconds" = ${a.totalTimeSeconds}::float8,
  "globals" = COALESCE(${globals}::jsonb, "globals"), "globalsSequence" = CASE WHEN ${globals}::jsonb IS NULL THEN "globalsSequence" ELSE ${commit.sequence}::int END,
  "lastScoId" = ${commit.scoId}, "lastCommittedAt" = now() AT TIME ZONE 'UTC',
  "log" = CASE WHEN ${log}::jsonb IS NULL THEN "log" ELSE "log" || ${log}::jsonb END,
  "completedAt" = CASE WHEN ${plan.attemptCompleted}::boolean AND "completedAt" IS NULL THEN now() AT TIME ZONE 'UTC' ELSE "completedAt" END${sequencing}${ended}`;
}

/**
 * A planned commit in one statement: the attempt's columns (attemptSet) only if the attempt is still at
 * the version read, and then the SCO's state, when the plan has one. A commit that got there first
 * changed the version: nothing is written and "written" is 0, and the caller reads and plans again.
 * Under READ COMMITTED a concurrent writer's update is waited for and the version re-checked on the row
 * it left, so two commits never both pass.
 */
export function writeCommitSql(organizationId: string, commit: ScormCommit, plan: CommitPlan, version: string) {
  // A SCO's next activity attempt (rare) keeps the last one's results first; the common commit has no such part.
  const archived = plan.sco?.archive ?? null;
  const archive =
    archived !== null
      ? Prisma.sql`, "archived" AS (
  ${scoArchive(organizationId, commit, archived)}
)`
      : Prisma.empty;
  const sco = plan.sco
    ? Prisma.sql`${archive}, "sco" AS (
  ${scoUpsert(Prisma.sql`SELECT ${scoValues(scoRow(organizationId, commit, plan.sco))} FROM "attempt"`)}
)`
    : Prisma.empty;
  return Prisma.sql`WITH "attempt" AS (
  UPDATE "ScormAttempt" SET ${attemptSet(commit, plan)}
  WHERE "id" = ${commit.attemptId}::uuid AND "organizationId" = ${organizationId}::uuid AND xmin = ${version}::text::xid
  RETURNING "id"
)${sco}
SELECT (SELECT count(*) FROM "attempt")::int AS "written"`;
}

/** A package's manifest (its rules are cached by id: packages never change once stored). */
export const packageManifestSql = (packageId: string, organizationId: string) =>
  Prisma.sql`SELECT "manifest" FROM "ScormPackage" WHERE "id" = ${packageId}::uuid AND "organizationId" = ${organizationId}::uuid`;
