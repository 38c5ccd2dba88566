import "server-only";
import { reportRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { completionRate, type ReportOverviewQuery } from "@/lib/schemas/reports";
import { reportScope, type ReportScope } from "@/lib/server/reports/scope";
import {
  courseConditions,
  DERIVED_COLUMNS,
  ENROLLMENT_COUNTERS,
  enrollmentConditions,
  learnerSummaries,
  narrowsEnrollments,
  SUMMED_COUNTERS,
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

function totalsSql(scope: ReportScope, q: ReportOverviewQuery): Prisma.Sql {
  const courses = courseConditions(scope, q);
  if (!narrowsEnrollments(q)) {
    return Prisma.sql`SELECT ${DERIVED_COLUMNS}, t."scoreCount"::int AS scored_lessons FROM (
      SELECT ${SUMMED_COUNTERS} FROM "ReportCourseStats" s JOIN "Course" c ON c."organizationId" = s."organizationId" AND c."id" = s."courseId" ${whereClause(courses)}) t`;
  }
  return Prisma.sql`SELECT ${DERIVED_COLUMNS}, t."scoreCount"::int AS scored_lessons FROM (
    SELECT ${ENROLLMENT_COUNTERS} FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
    ${whereClause([...courses, ...enrollmentConditions(q)])}) t`;
}

/** The timeline's buckets, as date_trunc names them. */
const BUCKETS = { day: Prisma.sql`'day'`, week: Prisma.sql`'week'`, month: Prisma.sql`'month'` };

function timelineSql(scope: ReportScope, q: ReportOverviewQuery, range: ReturnType<typeof timelineRange>): Prisma.Sql {
  const from = Prisma.sql`${range.from}::date`;
  const to = Prisma.sql`${range.to}::date`;
  const bucket = BUCKETS[range.bucket];
  const courses = courseConditions(scope, q);
  let perDay: Prisma.Sql;
  if (!q.status && !q.group_id) {
    perDay = Prisma.sql`SELECT d."day", sum(d."enrolled") AS enrollments, sum(d."completions") AS completions
      FROM "ReportCourseDay" d JOIN "Course" c ON c."organizationId" = d."organizationId" AND c."id" = d."courseId"
      ${whereClause([...courses, Prisma.sql`d."day" BETWEEN ${from} AND ${to}`])} GROUP BY 1`;
  } else {
    const narrowed = [...courses, ...enrollmentConditions({ status: q.status, group_id: q.group_id })];
    const join = Prisma.sql`FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"`;
    const enrolled = whereClause([
      ...narrowed,
      Prisma.sql`e."enrolledAt" >= ${from}`,
      Prisma.sql`e."enrolledAt" < ${to} + 1`,
    ]);
    const completed = whereClause([
      ...narrowed,
      Prisma.sql`e."status" = 'completed'`,
      Prisma.sql`e."completedAt" >= ${from}`,
      Prisma.sql`e."completedAt" < ${to} + 1`,
    ]);
    perDay = Prisma.sql`SELECT x."day", sum(x.e) AS enrollments, sum(x.c) AS completions FROM (
        SELECT e."enrolledAt"::date AS day, 1 AS e, 0 AS c ${join} ${enrolled}
        UNION ALL
        SELECT e."completedAt"::date, 0, 1 ${join} ${completed}
      ) x GROUP BY 1`;
  }
  return Prisma.sql`SELECT to_char(b.start, 'YYYY-MM-DD') AS date, coalesce(sum(p.enrollments), 0)::int AS enrollments, coalesce(sum(p.completions), 0)::int AS completions
    FROM generate_series(date_trunc(${bucket}, ${from}::timestamp), ${to}::timestamp, ('1 ' || ${bucket})::interval) AS b(start)
    LEFT JOIN (${perDay}) p ON date_trunc(${bucket}, p."day"::timestamp) = b.start
    GROUP BY b.start ORDER BY b.start`;
}

function byCourseSql(scope: ReportScope, q: ReportOverviewQuery): Prisma.Sql {
  const courses = courseConditions(scope, q);
  if (!narrowsEnrollments(q)) {
    return Prisma.sql`SELECT c."id" AS course_id, c."title", sum(s."enrolled")::int AS total, sum(s."completed")::int AS completed
      FROM "ReportCourseStats" s JOIN "Course" c ON c."organizationId" = s."organizationId" AND c."id" = s."courseId"
      ${whereClause(courses)} GROUP BY c."id", c."title" HAVING sum(s."enrolled") > 0 ORDER BY total DESC, c."title", c."id" LIMIT ${q.top}::int`;
  }
  return Prisma.sql`SELECT c."id" AS course_id, c."title", count(*)::int AS total, (count(*) FILTER (WHERE e."status" = 'completed'))::int AS completed
    FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
    ${whereClause([...courses, ...enrollmentConditions(q)])}
    GROUP BY c."id", c."title" ORDER BY total DESC, c."title", c."id" LIMIT ${q.top}::int`;
}

function activeLearnersSql(scope: ReportScope, q: ReportOverviewQuery): Prisma.Sql {
  if (!q.course_id && !q.category_id) {
    const summaries = learnerSummaries(scope);
    const table = summaries.table;
    const where = [
      ...summaries.where,
      Prisma.sql`s."lastActivityAt" >= (now() AT TIME ZONE 'UTC') - interval '30 days'`,
    ];
    if (q.group_id)
      where.push(
        Prisma.sql`EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."groupId" = ${q.group_id}::uuid AND gm."userId" = s."userId")`,
      );
    return Prisma.sql`SELECT (count(*) FILTER (WHERE s."lastActivityAt" >= (now() AT TIME ZONE 'UTC') - interval '7 days'))::int AS week, count(*)::int AS month
      FROM ${table} s ${whereClause(where)}`;
  }
  const where = [
    ...courseConditions(scope, q),
    Prisma.sql`e."lastAccessedAt" >= (now() AT TIME ZONE 'UTC') - interval '30 days'`,
  ];
  if (q.group_id) where.push(...enrollmentConditions({ group_id: q.group_id }));
  // Joined on the course id alone (the course's organization is in the conditions), so the count reads
  // the index (courseId, lastAccessedAt, userId) only. Grouped per learner rather than count(DISTINCT …),
  // which always sorts: the planner can hash the learners instead.
  return Prisma.sql`SELECT (count(*) FILTER (WHERE l."week"))::int AS week, count(*)::int AS month
    FROM (
      SELECT e."userId", bool_or(e."lastAccessedAt" >= (now() AT TIME ZONE 'UTC') - interval '7 days') AS "week"
      FROM "Enrollment" e JOIN "Course" c ON c."id" = e."courseId" ${whereClause(where)}
      GROUP BY e."userId"
    ) l`;
}

/** The refresh time of the organization's summaries; the platform's scope has none. */
function refreshedSql(scope: ReportScope): Prisma.Sql {
  return scope.organizationId
    ? Prisma.sql`SELECT "refreshedAt" FROM "ReportState" WHERE "organizationId" = ${scope.organizationId}::uuid`
    : Prisma.sql`SELECT NULL::timestamp`;
}

interface OverviewRow {
  totals: DerivedRow & { scored_lessons: number };
  points: { date: string; enrollments: number; completions: number }[];
  by_course: { course_id: string; title: string; total: number; completed: number }[];
  active: { week: number; month: number } | null;
  refreshed_at: Date | null;
}

/**
 * Every figure of the overview in one statement (one round trip, one connection), each part a subquery
 * made into JSON. The aggregates keep their parts' order explicitly: an aggregate's input order is not
 * guaranteed otherwise.
 */
function overviewSql(scope: ReportScope, q: ReportOverviewQuery, range: ReturnType<typeof timelineRange>): Prisma.Sql {
  return Prisma.sql`SELECT
    (SELECT to_json(t) FROM (${totalsSql(scope, q)}) t) AS totals,
    (SELECT coalesce(json_agg(p ORDER BY p.date), '[]') FROM (${timelineSql(scope, q, range)}) p) AS points,
    (SELECT coalesce(json_agg(b ORDER BY b.total DESC, b.title, b.course_id), '[]') FROM (${byCourseSql(scope, q)}) b) AS by_course,
    (SELECT to_json(a) FROM (${activeLearnersSql(scope, q)}) a) AS active,
    (${refreshedSql(scope)}) AS refreshed_at`;
}

export async function reportOverview(ctx: TenantContext, q: ReportOverviewQuery): Promise<OverviewJson> {
  const scope = await reportScope(ctx, q);
  const range = timelineRange(q);
  const [row] = await reportRows<OverviewRow>(overviewSql(scope, q, range));
  const { totals, points, by_course: byCourse, active, refreshed_at: refreshedAt } = row!;
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
    refreshed_at: refreshedAt?.toISOString() ?? null,
  };
}
