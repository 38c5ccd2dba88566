import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { recomputeEnrollments } from "@/lib/server/progress/recompute";
import { recordEnrollmentsCreated } from "@/lib/server/webhooks/events";

// What a group does to enrollments, set-based so a thousand members and ten courses cost a handful of
// statements: every member of a group is enrolled in each of its courses (source "group"); leaving the
// group, or the course leaving it, withdraws only the enrollments that nothing else gives them.

type Tx = Prisma.TransactionClient;

/** Rows per INSERT: far below PostgreSQL's 65,535 bind parameters (5 per row). */
const INSERT_CHUNK = 5000;

/**
 * Enrolls `userIds` in `courseIds`: new enrollments with source "group"; withdrawn ones come back (their
 * progress counted again) and now owe their place to the group. Active self or manual enrollments stay as
 * they are.
 */
export async function enrollThroughGroup(
  tx: Tx,
  organizationId: string,
  courseIds: string[],
  userIds: string[],
): Promise<void> {
  if (courseIds.length === 0 || userIds.length === 0) return;
  const rows = courseIds.flatMap((courseId) =>
    userIds.map((userId) => ({ organizationId, courseId, userId, source: "group" as const })),
  );
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const enrolled = await tx.enrollment.createManyAndReturn({
      data: rows.slice(i, i + INSERT_CHUNK),
      skipDuplicates: true,
      select: { id: true },
    });
    await recordEnrollmentsCreated(
      tx,
      organizationId,
      enrolled.map((e) => e.id),
    );
  }
  const withdrawn = await tx.enrollment.findMany({
    where: { organizationId, courseId: { in: courseIds }, userId: { in: userIds }, status: "withdrawn" },
    select: { id: true },
  });
  if (withdrawn.length === 0) return;
  const ids = withdrawn.map((e) => e.id);
  await tx.enrollment.updateMany({
    where: { organizationId, id: { in: ids } },
    data: { status: "active", withdrawnAt: null, source: "group" },
  });
  await recomputeEnrollments(tx, organizationId, ids);
}

/**
 * Withdraws the group enrollments of `userIds` in `courseIds` that no other group of theirs still gives
 * them (`groupId` is the group they leave). Self and manual enrollments, and every progress row, stay.
 */
export async function withdrawGroupEnrollments(
  tx: Tx,
  organizationId: string,
  groupId: string,
  courseIds: string[],
  userIds: string[],
): Promise<void> {
  if (courseIds.length === 0 || userIds.length === 0) return;
  await queryRows(
    Prisma.sql`UPDATE "Enrollment" e
    SET "status" = 'withdrawn', "withdrawnAt" = now(), "updatedAt" = now()
    WHERE e."organizationId" = ${organizationId}::uuid
      AND e."source" = 'group' AND e."status" <> 'withdrawn'
      AND e."courseId" = ANY(${courseIds}::uuid[]) AND e."userId" = ANY(${userIds}::uuid[])
      AND NOT EXISTS (
        SELECT 1 FROM "GroupMember" gm
        JOIN "GroupCourse" gc ON gc."organizationId" = gm."organizationId" AND gc."groupId" = gm."groupId"
        WHERE gm."organizationId" = e."organizationId" AND gm."userId" = e."userId" AND gc."courseId" = e."courseId"
          AND gm."groupId" <> ${groupId}::uuid
      )`,
    tx,
  );
}
