import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RowPlan } from "@/lib/server/imports/dry-run";
import { lockEnrollments, recomputeEnrollments } from "@/lib/server/progress/recompute";
import { uuid7 } from "@/lib/server/uuid7";

type Tx = Prisma.TransactionClient;

// Applies the completions of a batch (completed_on), after its enrollments were made: the lessons a
// completion counts (the required ones; every one in a course without required lessons) are completed on
// the imported date, then the progress rules complete the enrollment on that date, and completing it
// issues the certificate as any completion does (lib/server/certificates/issue.ts), dated and expiring
// from that day. Everything goes through the tables the report summaries' triggers watch, so the
// summaries stay right. An enrollment that is completed already is left as it is.

export async function completeImportedCourses(
  tx: Tx,
  organizationId: string,
  placed: readonly { userId: string; plan: RowPlan }[],
): Promise<void> {
  const wanted = placed.flatMap(({ userId, plan }) =>
    plan.completions.map((c) => ({ userId, courseId: c.courseId, completedAt: c.completedAt })),
  );
  if (wanted.length === 0) return;
  const enrollments = await tx.enrollment.findMany({
    where: {
      organizationId,
      userId: { in: [...new Set(wanted.map((w) => w.userId))] },
      courseId: { in: [...new Set(wanted.map((w) => w.courseId))] },
    },
    select: { id: true, userId: true, courseId: true },
  });
  const idOf = new Map(enrollments.map((e) => [`${e.userId}:${e.courseId}`, e.id]));
  const dates = new Map<string, Date>();
  for (const w of wanted) {
    const id = idOf.get(`${w.userId}:${w.courseId}`);
    if (id) dates.set(id, w.completedAt);
  }
  const ids = [...dates.keys()];
  if (ids.length === 0) return;
  await lockEnrollments(tx, organizationId, ids);
  const open = await tx.enrollment.findMany({
    where: { organizationId, id: { in: ids }, status: "active" },
    select: { id: true },
  });
  const openIds = open.map((e) => e.id);
  if (openIds.length === 0) return;
  const at = openIds.map((id) => dates.get(id)!.toISOString());
  // TIMESTAMP(3) columns hold UTC: instants go in as their UTC wall time.
  const now = Prisma.sql`${new Date().toISOString()}::timestamp`;
  // An enrollment made by this import (or later than the completion) starts no later than it.
  await queryRows(
    Prisma.sql`UPDATE "Enrollment" e SET "enrolledAt" = v."at", "updatedAt" = ${now}
    FROM unnest(${openIds}::uuid[], ${at}::timestamp[]) AS v("id", "at")
    WHERE e."organizationId" = ${organizationId}::uuid AND e.id = v."id" AND e."enrolledAt" > v."at"`,
    tx,
  );
  await completeCountedLessons(tx, organizationId, openIds, at, now);
  await recomputeEnrollments(tx, organizationId, openIds, { completedAt: dates });
}

/**
 * Completes, on the enrollment's imported date, each lesson that completion counts and that is not
 * completed yet: missing progress rows are inserted, unfinished ones completed.
 */
async function completeCountedLessons(
  tx: Tx,
  organizationId: string,
  enrollmentIds: string[],
  at: string[],
  now: Prisma.Sql,
) {
  const counted = await queryRows<{ enrollmentId: string; courseId: string; lessonId: string; at: string }>(
    Prisma.sql`SELECT e.id AS "enrollmentId", e."courseId", l.id AS "lessonId", v."at"
    FROM unnest(${enrollmentIds}::uuid[], ${at}::text[]) AS v("enrollmentId", "at")
    JOIN "Enrollment" e ON e."organizationId" = ${organizationId}::uuid AND e.id = v."enrollmentId"
    JOIN "Lesson" l ON l."organizationId" = e."organizationId" AND l."courseId" = e."courseId"
    WHERE l."isRequired" OR NOT EXISTS (
      SELECT 1 FROM "Lesson" r WHERE r."organizationId" = e."organizationId" AND r."courseId" = e."courseId" AND r."isRequired")
    ORDER BY e.id, l.id`,
    tx,
  );
  if (counted.length === 0) return;
  await queryRows(
    Prisma.sql`INSERT INTO "LessonProgress" AS p ("id", "organizationId", "courseId", "enrollmentId", "lessonId", "status", "startedAt", "completedAt", "updatedAt")
    SELECT v."id", ${organizationId}::uuid, v."courseId", v."enrollmentId", v."lessonId", 'completed'::"ProgressStatus", v."at", v."at", ${now}
    FROM unnest(${counted.map(() => uuid7())}::uuid[], ${counted.map((c) => c.courseId)}::uuid[],
      ${counted.map((c) => c.enrollmentId)}::uuid[], ${counted.map((c) => c.lessonId)}::uuid[], ${counted.map((c) => c.at)}::timestamp[])
      AS v("id", "courseId", "enrollmentId", "lessonId", "at")
    ON CONFLICT ("enrollmentId", "lessonId") DO UPDATE SET "status" = 'completed', "completedAt" = EXCLUDED."completedAt", "updatedAt" = ${now}
    WHERE p."status" <> 'completed'`,
    tx,
  );
}
