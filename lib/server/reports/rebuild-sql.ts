// The report summaries computed from the base tables (docs/architecture.md "Report summaries"): the
// repair behind POST /api/reports/refresh, the large dataset's load, and the definition the triggers of
// migration report_summaries keep incrementally. One template per summary; `where` narrows the rows it
// recomputes ($1 is always the organization; $2 an array of course, user or group ids when narrowed).
// Run with the triggers off (`SET LOCAL lms.report_triggers = off`): the statements write the summaries
// themselves. Rows a concurrent writer changes wait for our row locks or add their delta to ours, so a
// rebuild under load stays right (a delete then insert of a row holds its lock until commit).

/** An enrollment's state in the counters, as SQL over an Enrollment row `e`. */
export const NOT_STARTED = `(e."status" = 'active' AND e."progressPercent" = 0 AND e."lastAccessedAt" IS NULL)`;
export const IN_PROGRESS = `(e."status" = 'active' AND NOT (e."progressPercent" = 0 AND e."lastAccessedAt" IS NULL))`;

const COUNTERS = `count(*)::integer, (count(*) FILTER (WHERE ${NOT_STARTED}))::integer, (count(*) FILTER (WHERE ${IN_PROGRESS}))::integer,
  (count(*) FILTER (WHERE e."status" = 'completed'))::integer, (count(*) FILTER (WHERE e."status" = 'withdrawn'))::integer,
  coalesce(sum(e."progressPercent"), 0)::bigint, coalesce(sum(e."lessonScoreSum"), 0)::bigint, coalesce(sum(e."lessonScoreCount"), 0)::integer,
  coalesce(sum(e."lessonsPassed"), 0)::integer, coalesce(sum(e."lessonsFailed"), 0)::integer, coalesce(sum(e."lessonTimeSeconds"), 0)::bigint`;
const COUNTER_COLUMNS = `"enrolled", "notStarted", "inProgress", "completed", "withdrawn", "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds"`;

/** Which courses (or users, or groups) a rebuild covers: the whole organization, or the ids in $2. */
export type RebuildScope = "organization" | "ids";
const only = (column: string, scope: RebuildScope) => (scope === "ids" ? ` AND ${column} = ANY($2::uuid[])` : "");

/** Statements rebuilding the summaries of some courses: their enrollments' lesson sums, the course, its days and its lessons. */
export function courseRebuildSql(scope: RebuildScope): string[] {
  return [
    // Every enrollment's lesson sums (zeros without lesson rows), written only where they differ: one
    // aggregate of the lesson rows hash-joined to the enrollments.
    `UPDATE "Enrollment" e SET "lessonScoreSum" = x.ss, "lessonScoreCount" = x.sc, "lessonsPassed" = x.pa, "lessonsFailed" = x.fa, "lessonTimeSeconds" = x.ts
     FROM (
       SELECT e2."id", coalesce(a.ss, 0) AS ss, coalesce(a.sc, 0) AS sc, coalesce(a.pa, 0) AS pa, coalesce(a.fa, 0) AS fa, coalesce(a.ts, 0) AS ts
       FROM "Enrollment" e2
       LEFT JOIN (
         SELECT lp."enrollmentId" AS id, coalesce(sum(round(lp."scoreScaled" * 10000)), 0)::integer AS ss, count(lp."scoreScaled")::integer AS sc,
           (count(*) FILTER (WHERE lp."successStatus" = 'passed'))::integer AS pa, (count(*) FILTER (WHERE lp."successStatus" = 'failed'))::integer AS fa,
           coalesce(sum(lp."timeSpentSeconds"), 0)::integer AS ts
         FROM "LessonProgress" lp WHERE lp."organizationId" = $1::uuid${only(`lp."courseId"`, scope)}
         GROUP BY 1
       ) a ON a.id = e2."id"
       WHERE e2."organizationId" = $1::uuid${only(`e2."courseId"`, scope)}
     ) x
     WHERE e."organizationId" = $1::uuid AND e."id" = x."id"
       AND (e."lessonScoreSum", e."lessonScoreCount", e."lessonsPassed", e."lessonsFailed", e."lessonTimeSeconds") IS DISTINCT FROM (x.ss, x.sc, x.pa, x.fa, x.ts)`,
    `DELETE FROM "ReportCourseStats" WHERE "organizationId" = $1::uuid${only(`"courseId"`, scope)}`,
    `INSERT INTO "ReportCourseStats" ("organizationId", "courseId", ${COUNTER_COLUMNS})
     SELECT e."organizationId", e."courseId", ${COUNTERS}
     FROM "Enrollment" e WHERE e."organizationId" = $1::uuid${only(`e."courseId"`, scope)} GROUP BY 1, 2`,
    `DELETE FROM "ReportCourseDay" WHERE "organizationId" = $1::uuid${only(`"courseId"`, scope)}`,
    // One pass over the enrollments: each counts on its enrollment day and, once completed, on its completion day.
    `INSERT INTO "ReportCourseDay" ("organizationId", "courseId", "day", "enrolled", "completedCohort", "completions")
     SELECT e."organizationId", e."courseId", v.day, sum(v.e)::integer, sum(v.cc)::integer, sum(v.c)::integer
     FROM "Enrollment" e
     CROSS JOIN LATERAL (VALUES (e."enrolledAt"::date, 1, (e."status" = 'completed')::integer, 0),
       (CASE WHEN e."status" = 'completed' THEN e."completedAt"::date END, 0, 0, 1)) v(day, e, cc, c)
     WHERE e."organizationId" = $1::uuid${only(`e."courseId"`, scope)} AND v.day IS NOT NULL
     GROUP BY 1, 2, 3`,
    `DELETE FROM "ReportLessonStats" WHERE "organizationId" = $1::uuid${only(`"courseId"`, scope)}`,
    `INSERT INTO "ReportLessonStats" ("organizationId", "courseId", "lessonId", "inProgress", "completed", "passed", "failed", "scoreSum", "scoreCount", "timeSeconds", "attempts")
     SELECT $1::uuid, coalesce(p."courseId", a."courseId"), coalesce(p."lessonId", a."lessonId"), coalesce(p.ip, 0), coalesce(p.co, 0), coalesce(p.pa, 0),
       coalesce(p.fa, 0), coalesce(p.ss, 0), coalesce(p.sc, 0), coalesce(p.ts, 0), coalesce(a.n, 0)
     FROM (
       SELECT lp."courseId", lp."lessonId", (count(*) FILTER (WHERE lp."status" = 'in_progress'))::integer AS ip,
         (count(*) FILTER (WHERE lp."status" = 'completed'))::integer AS co, (count(*) FILTER (WHERE lp."successStatus" = 'passed'))::integer AS pa,
         (count(*) FILTER (WHERE lp."successStatus" = 'failed'))::integer AS fa, coalesce(sum(round(lp."scoreScaled" * 10000)), 0)::bigint AS ss,
         count(lp."scoreScaled")::integer AS sc, coalesce(sum(lp."timeSpentSeconds"), 0)::bigint AS ts
       FROM "LessonProgress" lp WHERE lp."organizationId" = $1::uuid${only(`lp."courseId"`, scope)} GROUP BY 1, 2
     ) p
     FULL JOIN (
       SELECT sa."courseId", sa."lessonId", count(*)::integer AS n
       FROM "ScormAttempt" sa WHERE sa."organizationId" = $1::uuid${only(`sa."courseId"`, scope)} GROUP BY 1, 2
     ) a ON a."lessonId" = p."lessonId"`,
  ];
}

/** Statements rebuilding some learners' rows (every course of theirs). */
export function learnerRebuildSql(scope: RebuildScope): string[] {
  return [
    `DELETE FROM "ReportLearnerStats" WHERE "organizationId" = $1::uuid${only(`"userId"`, scope)}`,
    `INSERT INTO "ReportLearnerStats" ("organizationId", "userId", ${COUNTER_COLUMNS}, "lastActivityAt")
     SELECT e."organizationId", e."userId", ${COUNTERS}, max(e."lastAccessedAt")
     FROM "Enrollment" e WHERE e."organizationId" = $1::uuid${only(`e."userId"`, scope)} GROUP BY 1, 2`,
  ];
}

/** Statements rebuilding some groups' rows from their members' learner rows (rebuild those first). */
export function groupRebuildSql(scope: RebuildScope): string[] {
  const sums = COUNTER_COLUMNS.split(", ")
    .map((c) => `coalesce(sum(s.${c}), 0)`)
    .join(", ");
  return [
    `DELETE FROM "ReportGroupStats" WHERE "organizationId" = $1::uuid${only(`"groupId"`, scope)}`,
    `INSERT INTO "ReportGroupStats" ("organizationId", "groupId", "members", ${COUNTER_COLUMNS})
     SELECT m."organizationId", m."groupId", count(*)::integer, ${sums}
     FROM "GroupMember" m LEFT JOIN "ReportLearnerStats" s ON s."organizationId" = m."organizationId" AND s."userId" = m."userId"
     WHERE m."organizationId" = $1::uuid${only(`m."groupId"`, scope)} GROUP BY 1, 2`,
  ];
}

/** How far back of a reconciliation's start the next one looks again (writers' clocks, commits in flight). */
export const OVERLAP_SECONDS = 5;

/** Records that an organization's summaries were reconciled ($1 organization, $2 overlap in seconds, $3 a full rebuild). */
export const RECORD_RECONCILED_SQL = `INSERT INTO "ReportState" ("organizationId", "reconciledThrough", "refreshedAt", "fullRebuildAt")
  VALUES ($1::uuid, (now() AT TIME ZONE 'UTC') - make_interval(secs => $2::int), now() AT TIME ZONE 'UTC', CASE WHEN $3::boolean THEN now() AT TIME ZONE 'UTC' END)
  ON CONFLICT ("organizationId") DO UPDATE SET "reconciledThrough" = EXCLUDED."reconciledThrough", "refreshedAt" = EXCLUDED."refreshedAt",
    "fullRebuildAt" = coalesce(EXCLUDED."fullRebuildAt", "ReportState"."fullRebuildAt")`;

/**
 * Every summary of one organization from scratch, through `exec` (a transaction's statement runner: the
 * caller opens the transaction). The triggers are off for it, and on again after.
 */
export async function rebuildOrganizationSummaries(
  exec: (sql: string, values: unknown[]) => Promise<unknown>,
  organizationId: string,
): Promise<void> {
  await exec(`SELECT set_config('lms.report_triggers', 'off', true)`, []);
  for (const statement of [
    ...courseRebuildSql("organization"),
    ...learnerRebuildSql("organization"),
    ...groupRebuildSql("organization"),
  ]) {
    await exec(statement, [organizationId]);
  }
  await exec(`SELECT set_config('lms.report_triggers', '', true)`, []);
  await exec(RECORD_RECONCILED_SQL, [organizationId, OVERLAP_SECONDS, true]);
}
