import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { issueCertificatesOnCompletion } from "@/lib/server/certificates/issue";
import { lessonProgressSelect, type LessonProgressRow } from "@/lib/server/progress/json";
import { nextEnrollmentState, type EnrollmentState, type LessonCounts } from "@/lib/server/progress/rules";
import { recordCompletions, recordLessonCompleted } from "@/lib/server/webhooks/events";
import { recordCourseCompletions, recordLessonCompletion } from "@/lib/server/xapi/tracking";

// Keeps Enrollment.progressPercent / status / completedAt in step with LessonProgress. Always called
// inside the transaction that wrote the progress (or changed the lessons), with that transaction's client.

type Tx = Prisma.TransactionClient;

interface CountRow extends LessonCounts {
  id: string;
  status: EnrollmentState["status"];
  progressPercent: number;
  completedAt: Date | null;
}

export interface RecomputeOptions {
  /**
   * When an enrollment that completes now completed, if not now: a completion recorded elsewhere (an
   * imported one, the demo's dated history). Its certificate carries this date, and its expiry follows it.
   */
  completedAt?: ReadonlyMap<string, Date>;
  /** The caller holds the enrollments' locks already (lockEnrollments first thing in its transaction). */
  locked?: boolean;
  /** Written with the recount into every enrollment (a visit's "continue here" mark), changed or not. */
  visit?: { lastLessonId: string; lastAccessedAt: Date };
}

/** One enrollment. The lesson-progress writers and the SCORM runtime call this. */
export async function recomputeEnrollmentProgress(
  tx: Tx,
  organizationId: string,
  enrollmentId: string,
  options: RecomputeOptions = {},
): Promise<void> {
  await recomputeEnrollments(tx, organizationId, [enrollmentId], options);
}

/** Every enrollment of a course: call after lessons were added, removed, or made (not) required. */
export async function recomputeCourseProgress(tx: Tx, organizationId: string, courseId: string): Promise<void> {
  const rows = await tx.enrollment.findMany({ where: { organizationId, courseId }, select: { id: true } });
  await recomputeEnrollments(
    tx,
    organizationId,
    rows.map((r) => r.id),
  );
}

/**
 * Set-based: one locking statement, one counting statement, and one update per distinct outcome, so a
 * group of a thousand members costs a handful of queries.
 */
export async function recomputeEnrollments(
  tx: Tx,
  organizationId: string,
  enrollmentIds: string[],
  options: RecomputeOptions = {},
): Promise<void> {
  if (enrollmentIds.length === 0) return;
  if (!options.locked) await lockEnrollments(tx, organizationId, enrollmentIds);
  const rows = await queryRows<CountRow>(
    Prisma.sql`SELECT e.id, e.status::text AS status, e."progressPercent", e."completedAt",
      (count(l.id) FILTER (WHERE l."isRequired"))::int AS "requiredTotal",
      (count(lp.id) FILTER (WHERE l."isRequired" AND lp.status = 'completed'))::int AS "requiredDone",
      count(l.id)::int AS "allTotal",
      (count(lp.id) FILTER (WHERE lp.status = 'completed'))::int AS "allDone",
      coalesce(sum(least(greatest(lp."progressMeasure", 0), 1)) FILTER (WHERE l."isRequired" AND lp.status <> 'completed'), 0)::float8 AS "requiredPartial",
      coalesce(sum(least(greatest(lp."progressMeasure", 0), 1)) FILTER (WHERE lp.status <> 'completed'), 0)::float8 AS "allPartial"
    FROM "Enrollment" e
    LEFT JOIN "Lesson" l ON l."organizationId" = e."organizationId" AND l."courseId" = e."courseId"
    LEFT JOIN "LessonProgress" lp ON lp."organizationId" = e."organizationId" AND lp."enrollmentId" = e.id AND lp."lessonId" = l.id
    WHERE e."organizationId" = ${organizationId}::uuid AND e.id = ANY(${enrollmentIds}::uuid[])
    GROUP BY e.id`,
    tx,
  );

  const now = new Date();
  const batches = new Map<string, { data: Prisma.EnrollmentUpdateManyMutationInput; ids: string[] }>();
  const completedNow: string[] = [];
  for (const row of rows) {
    const next = nextEnrollmentState(row, row, options.completedAt?.get(row.id) ?? now);
    if (next.status === "completed" && row.status !== "completed") completedNow.push(row.id);
    if (
      !options.visit &&
      next.status === row.status &&
      next.progressPercent === row.progressPercent &&
      next.completedAt === row.completedAt
    )
      continue;
    const key = `${next.status}|${next.progressPercent}|${next.completedAt === row.completedAt ? "kept" : next.completedAt?.getTime()}`;
    const data: Prisma.EnrollmentUpdateManyMutationInput = {
      status: next.status,
      progressPercent: next.progressPercent,
      ...options.visit,
    };
    if (next.completedAt !== row.completedAt) data.completedAt = next.completedAt;
    const batch = batches.get(key) ?? { data, ids: [] };
    batch.ids.push(row.id);
    batches.set(key, batch);
  }
  for (const { data, ids } of batches.values()) {
    await tx.enrollment.updateMany({ where: { organizationId, id: { in: ids } }, data });
  }
  await recordCompletions(tx, organizationId, completedNow);
  await recordCourseCompletions(tx, organizationId, completedNow);
  await issueCertificatesOnCompletion(tx, organizationId, completedNow);
}

/**
 * Row locks serialize concurrent progress writes of one enrollment: each recount then sees the other's
 * committed lesson row instead of both counting without it. NO KEY UPDATE, the lock an UPDATE takes
 * anyway: it does not conflict with the KEY SHARE locks that inserting LessonProgress rows (foreign keys)
 * take, so two writers cannot deadlock. Writers take it first thing in their transaction.
 */
export async function lockEnrollments(tx: Tx, organizationId: string, enrollmentIds: string[]): Promise<void> {
  await queryRows(
    Prisma.sql`SELECT id FROM "Enrollment" WHERE "organizationId" = ${organizationId}::uuid AND id = ANY(${enrollmentIds}::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    tx,
  );
}

export interface LessonProgressKeys {
  courseId: string;
  enrollmentId: string;
  lessonId: string;
}

/**
 * Writes one lesson's progress row and moves the enrollment's "continue here" mark to it; with `recount`,
 * recomputes the enrollment too. Called inside the writer's transaction, after lockEnrollments.
 *
 * Writing the lesson's row locks report rows every learner of the course shares (its triggers) until the
 * commit, so what can come before it does: a completion's events are recorded first, and the visit is
 * written with the recount in one statement. A class finishing a lesson at once queues on those rows for
 * the fewest round trips.
 */
export async function saveLessonProgress(
  tx: Tx,
  organizationId: string,
  { courseId, enrollmentId, lessonId }: LessonProgressKeys,
  data: Omit<Prisma.LessonProgressUncheckedCreateInput, "organizationId" | "courseId" | "enrollmentId" | "lessonId">,
  options: {
    now: Date;
    recount: boolean;
    /** False when the caller reports the completion in xAPI itself (a SCORM attempt's statements name the attempt). */
    completionStatement?: boolean;
  },
): Promise<LessonProgressRow> {
  // The writers stamp a lesson's completion time with `now` only when it becomes completed.
  const completedAt = data.completedAt ? new Date(data.completedAt) : null;
  if (data.status === "completed" && completedAt?.getTime() === options.now.getTime()) {
    const completion = { lessonId, courseId, enrollmentId, completedAt };
    await recordLessonCompleted(tx, organizationId, completion);
    if (options.completionStatement !== false)
      await recordLessonCompletion(tx, organizationId, { ...completion, timeSpentSeconds: data.timeSpentSeconds });
  }
  const row = await tx.lessonProgress.upsert({
    where: { enrollmentId_lessonId: { enrollmentId, lessonId } },
    create: { organizationId, courseId, enrollmentId, lessonId, ...data },
    update: data,
    select: lessonProgressSelect,
  });
  const visit = { lastLessonId: lessonId, lastAccessedAt: options.now };
  if (options.recount) await recomputeEnrollments(tx, organizationId, [enrollmentId], { locked: true, visit });
  else await tx.enrollment.updateMany({ where: { organizationId, id: enrollmentId }, data: visit });
  return row;
}
