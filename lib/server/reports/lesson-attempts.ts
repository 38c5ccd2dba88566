import "server-only";
import { reportRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import type { ReportFilters } from "@/lib/schemas/reports";
import { scoList } from "@/lib/scorm/sco-list";
import type { ScormManifest } from "@/lib/scorm/types";
import { cmi5LessonAttempts } from "@/lib/server/reports/cmi5-attempts";
import { requireReportCourse } from "@/lib/server/reports/lessons";
import { reportScope } from "@/lib/server/reports/scope";
import type { TenantContext } from "@/lib/tenancy/context";

// GET /api/reports/courses/{courseId}/lessons/{lessonId}/learners/{userId}/attempts: one learner's package
// attempts of a SCORM lesson, and within each, every activity attempt of every SCO (a post-test taken
// twice shows both); for a cmi5 lesson, its registrations, AUs and sessions in the same shape
// (cmi5-attempts.ts). The course must be in the caller's scope (as the lesson's learners list) and the
// person enrolled in it; otherwise a 404. Any other lesson has no attempts (an empty list).

export interface ActivityAttemptJson {
  /** 1, 2, … within the package attempt. */
  number: number;
  completion_status: string;
  success_status: string;
  score_raw: number | null;
  /** Scaled score in percent, one decimal. */
  score: number | null;
  time_seconds: number;
  started_at: string;
  /** Its last commit; a cmi5 session's Terminated or Abandoned. */
  ended_at: string | null;
  /** cmi5: how the session ended ("terminated" or "abandoned"); null while open, and for SCORM. */
  ended_by?: "terminated" | "abandoned" | null;
}

export interface AttemptScoJson {
  sco_id: string;
  /** The item's title in the package's manifest. */
  title: string;
  /** cmi5: an administrator waived the AU in this registration. */
  waived?: boolean;
  /** Oldest first; empty when the learner never opened the SCO in this attempt. */
  activity_attempts: ActivityAttemptJson[];
}

export interface PackageAttemptJson {
  attempt_number: number;
  completion_status: string;
  success_status: string;
  score: number | null;
  time_seconds: number;
  started_at: string;
  completed_at: string | null;
  /** When the learner ended it (exit all); null while it may go on. */
  ended_at: string | null;
  scos: AttemptScoJson[];
}

export interface LessonAttemptsJson {
  course: { id: string; title: string };
  lesson: { id: string; title: string; kind: string };
  learner: { id: string; first_name: string; last_name: string; email: string };
  items: PackageAttemptJson[];
}

interface AttemptRow {
  id: string;
  attempt_number: number;
  completion_status: string;
  success_status: string;
  score_scaled: number | null;
  time_seconds: number;
  started_at: Date;
  completed_at: Date | null;
  ended_at: Date | null;
  manifest: ScormManifest;
}

interface ActivityRow {
  attempt_id: string;
  sco_id: string;
  number: number;
  completion_status: string;
  success_status: string;
  score_raw: number | null;
  score_scaled: number | null;
  time_seconds: number;
  started_at: Date;
  ended_at: Date | null;
}

const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
const percent = (scaled: number | null) => (scaled === null ? null : Math.round(scaled * 1000) / 10);

export async function lessonAttemptsReport(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  userId: string,
  q: ReportFilters,
): Promise<LessonAttemptsJson> {
  const scope = await reportScope(ctx, q);
  const course = await requireReportCourse(scope, courseId, { ...q, course_id: undefined });
  const org = course.organization_id;
  const [lesson] = isId(lessonId)
    ? await reportRows<{ id: string; title: string; kind: string }>(
        Prisma.sql`SELECT l."id", l."title", l."kind"::text AS kind FROM "Lesson" l
          WHERE l."organizationId" = ${org}::uuid AND l."courseId" = ${course.id}::uuid AND l."id" = ${lessonId}::uuid`,
      )
    : [];
  if (!lesson) throw notFound("Lesson");
  const [learner] = isId(userId)
    ? await reportRows<{ id: string; first_name: string; last_name: string; email: string; enrollment_id: string }>(
        Prisma.sql`SELECT u."id", u."firstName" AS first_name, u."lastName" AS last_name, u."email", e."id" AS enrollment_id
          FROM "Enrollment" e JOIN "User" u ON u."organizationId" = e."organizationId" AND u."id" = e."userId"
          WHERE e."organizationId" = ${org}::uuid AND e."courseId" = ${course.id}::uuid AND e."userId" = ${userId}::uuid`,
      )
    : [];
  if (!learner) throw notFound("Learner");
  const report = {
    course: { id: course.id, title: course.title },
    lesson: { id: lesson.id, title: lesson.title, kind: lesson.kind },
    learner: { id: learner.id, first_name: learner.first_name, last_name: learner.last_name, email: learner.email },
  };
  if (lesson.kind === "cmi5") return { ...report, items: await cmi5LessonAttempts(org, lesson.id, learner.id) };
  const attempts = Prisma.sql`SELECT a."id" FROM "ScormAttempt" a WHERE a."organizationId" = ${org}::uuid
    AND a."enrollmentId" = ${learner.enrollment_id}::uuid AND a."lessonId" = ${lesson.id}::uuid`;
  const [attemptRows, activityRows] = await Promise.all([
    reportRows<AttemptRow>(Prisma.sql`SELECT a."id", a."attemptNumber" AS attempt_number, a."completionStatus" AS completion_status,
        a."successStatus" AS success_status, a."scoreScaled" AS score_scaled, a."totalTimeSeconds" AS time_seconds,
        a."startedAt" AS started_at, a."completedAt" AS completed_at, a."endedAt" AS ended_at, p."manifest"
      FROM "ScormAttempt" a JOIN "ScormPackage" p ON p."organizationId" = a."organizationId" AND p."id" = a."packageId"
      WHERE a."id" IN (${attempts}) ORDER BY a."attemptNumber"`),
    // The archived activity attempts, then each SCO's current one.
    reportRows<ActivityRow>(Prisma.sql`SELECT "attemptId" AS attempt_id, "scoId" AS sco_id, "number", "completionStatus" AS completion_status,
        "successStatus" AS success_status, "scoreRaw" AS score_raw, "scoreScaled" AS score_scaled, "timeSeconds" AS time_seconds,
        "startedAt" AS started_at, "endedAt" AS ended_at
      FROM "ScormScoAttempt" WHERE "organizationId" = ${org}::uuid AND "attemptId" IN (${attempts})
      UNION ALL
      SELECT "attemptId", "scoId", "activityAttempt", "completionStatus", "successStatus", "scoreRaw", "scoreScaled",
        greatest("totalTimeSeconds" - "activityStartSeconds", 0), "startedAt", "lastCommittedAt"
      FROM "ScormScoState" WHERE "organizationId" = ${org}::uuid AND "attemptId" IN (${attempts})
      ORDER BY 1, 2, 3`),
  ]);
  return {
    ...report,
    items: attemptRows.map((a) => attemptJson(a, activityRows)),
  };
}

function attemptJson(a: AttemptRow, activities: ActivityRow[]): PackageAttemptJson {
  const own = activities.filter((r) => r.attempt_id === a.id);
  // The package's SCOs in its order, then any SCO the manifest no longer lists (kept by its id).
  const scos = scoList(a.manifest).map((s) => ({ sco_id: s.identifier, title: s.title }));
  for (const id of new Set(own.map((r) => r.sco_id)))
    if (!scos.some((s) => s.sco_id === id)) scos.push({ sco_id: id, title: id });
  return {
    attempt_number: a.attempt_number,
    completion_status: a.completion_status,
    success_status: a.success_status,
    score: percent(a.score_scaled),
    time_seconds: Math.round(a.time_seconds),
    started_at: a.started_at.toISOString(),
    completed_at: a.completed_at?.toISOString() ?? null,
    ended_at: a.ended_at?.toISOString() ?? null,
    scos: scos.map((s) => ({
      ...s,
      activity_attempts: own
        .filter((r) => r.sco_id === s.sco_id)
        .map((r) => ({
          number: r.number,
          completion_status: r.completion_status,
          success_status: r.success_status,
          score_raw: r.score_raw,
          score: percent(r.score_scaled),
          time_seconds: Math.round(r.time_seconds),
          started_at: r.started_at.toISOString(),
          ended_at: r.ended_at?.toISOString() ?? null,
        })),
    })),
  };
}
