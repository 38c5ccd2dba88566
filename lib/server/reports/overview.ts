import "server-only";
import { queryRows } from "@/lib/db";
import { completionRate, type ReportOverviewQuery } from "@/lib/schemas/reports";
import { reportScope, type ReportScope } from "@/lib/server/reports/scope";
import {
  courseConditions,
  COUNTER_NAMES,
  derivedColumns,
  ENROLLMENT_COUNTERS,
  enrollmentConditions,
  narrowsEnrollments,
  Sql,
  whereClause,
  type DerivedRow,
} from "@/lib/server/reports/sql";
import type { TenantContext } from "@/lib/tenancy/context";

// GET /api/reports/overview: the three metrics, active learners, enrollments and completions over time,
// completion by course and SCORM results. Without status, date or group filters every figure comes from
// the summaries (course rows, course days, learner rows); with them, from the enrollments in scope.

export interface OverviewJson {
  scope: { kind: "platform" | "organization" | "instructor"; organization_id: string | null };
  metrics: { total_enrollments: number; completed_enrollments: number; completion_rate: number };
  enrollments: DerivedRow;
  active_learners: { last_7_days: number; last_30_days: number };
  timeline: {
    from: string;
    to: string;
    bucket: "day" | "week" | "month";
    points: { date: string; enrollments: number; completions: number }[];
  };
  completion_by_course: {
    course_id: string;
    title: string;
    total_enrollments: number;
    completed_enrollments: number;
    completion_rate: number;
  }[];
  scorm: { average_score: number | null; scored_lessons: number; passed: number; failed: number };
  refreshed_at: string | null;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The chart's range: the filter's, else the last 30 days (today included); buckets so a chart has at most ~100 points. */
export function timelineRange(
  q: { from?: string; to?: string },
  now = Date.now(),
): { from: string; to: string; bucket: "day" | "week" | "month" } {
  const to = q.to ?? (q.from && q.from > isoDay(now) ? q.from : isoDay(now));
  const from = q.from ?? isoDay(Date.parse(to) - 29 * DAY);
  const days = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  return { from, to, bucket: days <= 92 ? "day" : days <= 731 ? "week" : "month" };
}

const sumsOf = (s: string) => COUNTER_NAMES.map((c) => `coalesce(sum(${s}."${c}"), 0) AS "${c}"`).join(", ");

function totalsSql(sql: Sql, scope: ReportScope, q: ReportOverviewQuery): string {
  const courses = courseConditions(sql, scope, q);
  if (!narrowsEnrollments(q)) {
    return `SELECT ${derivedColumns("t")}, t."scoreCount"::int AS scored_lessons FROM (
      SELECT ${sumsOf("s")} FROM "ReportCourseStats" s JOIN "Course" c ON c."organizationId" = s."organizationId" AND c."id" = s."courseId" ${whereClause(courses)}) t`;
  }
  return `SELECT ${derivedColumns("t")}, t."scoreCount"::int AS scored_lessons FROM (
    SELECT ${ENROLLMENT_COUNTERS} FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
    ${whereClause([...courses, ...enrollmentConditions(sql, q)])}) t`;
}

function timelineSql(
  sql: Sql,
  scope: ReportScope,
  q: ReportOverviewQuery,
  range: ReturnType<typeof timelineRange>,
): string {
  const from = sql.p(range.from, "::date");
  const to = sql.p(range.to, "::date");
  const bucket = `'${range.bucket}'`;
  const courses = courseConditions(sql, scope, q);
  let perDay: string;
  if (!q.status && !q.group_id) {
    perDay = `SELECT d."day", sum(d."enrolled") AS enrollments, sum(d."completions") AS completions
      FROM "ReportCourseDay" d JOIN "Course" c ON c."organizationId" = d."organizationId" AND c."id" = d."courseId"
      ${whereClause([...courses, `d."day" BETWEEN ${from} AND ${to}`])} GROUP BY 1`;
  } else {
    const narrowed = [...courses, ...enrollmentConditions(sql, { status: q.status, group_id: q.group_id })];
    const join = `FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"`;
    perDay = `SELECT x."day", sum(x.e) AS enrollments, sum(x.c) AS completions FROM (
        SELECT e."enrolledAt"::date AS day, 1 AS e, 0 AS c ${join} ${whereClause([...narrowed, `e."enrolledAt" >= ${from}`, `e."enrolledAt" < ${to} + 1`])}
        UNION ALL
        SELECT e."completedAt"::date, 0, 1 ${join} ${whereClause([...narrowed, `e."status" = 'completed'`, `e."completedAt" >= ${from}`, `e."completedAt" < ${to} + 1`])}
      ) x GROUP BY 1`;
  }
  return `SELECT to_char(b.start, 'YYYY-MM-DD') AS date, coalesce(sum(p.enrollments), 0)::int AS enrollments, coalesce(sum(p.completions), 0)::int AS completions
    FROM generate_series(date_trunc(${bucket}, ${from}::timestamp), ${to}::timestamp, ('1 ' || ${bucket})::interval) AS b(start)
    LEFT JOIN (${perDay}) p ON date_trunc(${bucket}, p."day"::timestamp) = b.start
    GROUP BY b.start ORDER BY b.start`;
}

function byCourseSql(sql: Sql, scope: ReportScope, q: ReportOverviewQuery): string {
  const courses = courseConditions(sql, scope, q);
  const top = sql.p(q.top, "::int");
  if (!narrowsEnrollments(q)) {
    return `SELECT c."id" AS course_id, c."title", s."enrolled"::int AS total, s."completed"::int AS completed
      FROM "ReportCourseStats" s JOIN "Course" c ON c."organizationId" = s."organizationId" AND c."id" = s."courseId"
      ${whereClause([...courses, `s."enrolled" > 0`])} ORDER BY s."enrolled" DESC, c."title", c."id" LIMIT ${top}`;
  }
  return `SELECT c."id" AS course_id, c."title", count(*)::int AS total, (count(*) FILTER (WHERE e."status" = 'completed'))::int AS completed
    FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
    ${whereClause([...courses, ...enrollmentConditions(sql, q)])}
    GROUP BY c."id", c."title" ORDER BY total DESC, c."title", c."id" LIMIT ${top}`;
}

function activeLearnersSql(sql: Sql, scope: ReportScope, q: ReportOverviewQuery): string {
  if (!scope.instructorId && !q.course_id && !q.category_id) {
    const where = [`s."lastActivityAt" >= (now() AT TIME ZONE 'UTC') - interval '30 days'`];
    if (scope.organizationId) where.unshift(`s."organizationId" = ${sql.p(scope.organizationId, "::uuid")}`);
    if (q.group_id)
      where.push(
        `EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."groupId" = ${sql.p(q.group_id, "::uuid")} AND gm."userId" = s."userId")`,
      );
    return `SELECT (count(*) FILTER (WHERE s."lastActivityAt" >= (now() AT TIME ZONE 'UTC') - interval '7 days'))::int AS week, count(*)::int AS month
      FROM "ReportLearnerStats" s ${whereClause(where)}`;
  }
  const where = [
    ...courseConditions(sql, scope, q),
    `e."lastAccessedAt" >= (now() AT TIME ZONE 'UTC') - interval '30 days'`,
  ];
  if (q.group_id) where.push(...enrollmentConditions(sql, { group_id: q.group_id }));
  // Joined on the course id alone (the course's organization is in the conditions), so the count reads
  // the index (courseId, lastAccessedAt, userId) only. Grouped per learner rather than count(DISTINCT …),
  // which always sorts: the planner can hash the learners instead.
  return `SELECT (count(*) FILTER (WHERE l."week"))::int AS week, count(*)::int AS month
    FROM (
      SELECT e."userId", bool_or(e."lastAccessedAt" >= (now() AT TIME ZONE 'UTC') - interval '7 days') AS "week"
      FROM "Enrollment" e JOIN "Course" c ON c."id" = e."courseId" ${whereClause(where)}
      GROUP BY e."userId"
    ) l`;
}

async function run<R>(build: (sql: Sql) => string): Promise<R[]> {
  const sql = new Sql();
  const text = build(sql);
  return queryRows<R & object>(text, sql.values) as Promise<R[]>;
}

export async function reportOverview(ctx: TenantContext, q: ReportOverviewQuery): Promise<OverviewJson> {
  const scope = await reportScope(ctx, q);
  const range = timelineRange(q);
  const [[totals], points, byCourse, [active], state] = await Promise.all([
    run<DerivedRow & { scored_lessons: number }>((sql) => totalsSql(sql, scope, q)),
    run<{ date: string; enrollments: number; completions: number }>((sql) => timelineSql(sql, scope, q, range)),
    run<{ course_id: string; title: string; total: number; completed: number }>((sql) => byCourseSql(sql, scope, q)),
    run<{ week: number; month: number }>((sql) => activeLearnersSql(sql, scope, q)),
    scope.organizationId
      ? queryRows<{ refreshedAt: Date }>(`SELECT "refreshedAt" FROM "ReportState" WHERE "organizationId" = $1::uuid`, [
          scope.organizationId,
        ])
      : Promise.resolve([]),
  ]);
  const { scored_lessons, ...t } = totals!;
  return {
    scope: {
      kind: scope.instructorId ? "instructor" : scope.organizationId ? "organization" : "platform",
      organization_id: scope.organizationId,
    },
    metrics: {
      total_enrollments: t.enrolled,
      completed_enrollments: t.completed,
      completion_rate: completionRate(t.completed, t.enrolled),
    },
    enrollments: t,
    active_learners: { last_7_days: active?.week ?? 0, last_30_days: active?.month ?? 0 },
    timeline: { ...range, points },
    completion_by_course: byCourse.map((r) => ({
      course_id: r.course_id,
      title: r.title,
      total_enrollments: r.total,
      completed_enrollments: r.completed,
      completion_rate: completionRate(r.completed, r.total),
    })),
    scorm: { average_score: t.average_score, scored_lessons, passed: t.passed, failed: t.failed },
    refreshed_at: state[0]?.refreshedAt.toISOString() ?? null,
  };
}
