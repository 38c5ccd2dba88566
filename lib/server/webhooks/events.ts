import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordEvents } from "@/lib/server/webhooks/outbox";
import {
  certificateEventData,
  certificateEventSelect,
  courseCompletionEventData,
  enrollmentEventData,
  userEventData,
} from "@/lib/server/webhooks/payloads";

// The one call each writer makes, inside its transaction, for the events its change reports.

type Tx = Prisma.TransactionClient;

export function recordUserEvents(
  tx: Tx,
  organizationId: string,
  type: "user.created" | "user.updated" | "user.deactivated",
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return recordEvents(tx, organizationId, type, () => userEventData(tx, organizationId, userIds));
}

export function recordEnrollmentsCreated(tx: Tx, organizationId: string, enrollmentIds: string[]): Promise<void> {
  if (enrollmentIds.length === 0) return Promise.resolve();
  return recordEvents(tx, organizationId, "enrollment.created", () =>
    enrollmentEventData(tx, organizationId, enrollmentIds),
  );
}

/** An enrollment that became completed: enrollment.completed and course.completed. */
export async function recordCompletions(tx: Tx, organizationId: string, enrollmentIds: string[]): Promise<void> {
  if (enrollmentIds.length === 0) return;
  await recordEvents(tx, organizationId, "enrollment.completed", () =>
    enrollmentEventData(tx, organizationId, enrollmentIds),
  );
  await recordEvents(tx, organizationId, "course.completed", () =>
    courseCompletionEventData(tx, organizationId, enrollmentIds),
  );
}

export function recordCertificateEvents(
  tx: Tx,
  organizationId: string,
  type: "certificate.issued" | "certificate.expiring" | "certificate.expired",
  where: Prisma.CertificateWhereInput,
): Promise<void> {
  return recordEvents(tx, organizationId, type, async () =>
    (
      await tx.certificate.findMany({
        where: { ...where, organizationId },
        select: certificateEventSelect,
        orderBy: { id: "asc" },
      })
    ).map(certificateEventData),
  );
}

export function recordLessonCompleted(
  tx: Tx,
  organizationId: string,
  lesson: { lessonId: string; courseId: string; enrollmentId: string; completedAt: Date },
): Promise<void> {
  return recordEvents(tx, organizationId, "lesson.completed", async () => {
    const enrollment = await tx.enrollment.findFirst({
      where: { organizationId, id: lesson.enrollmentId },
      select: { userId: true, round: true },
    });
    if (!enrollment) return [];
    return [
      {
        lesson_id: lesson.lessonId,
        course_id: lesson.courseId,
        enrollment_id: lesson.enrollmentId,
        user_id: enrollment.userId,
        round: enrollment.round,
        completed_at: lesson.completedAt.toISOString(),
      },
    ];
  });
}

export function recordGroupMembersAdded(
  tx: Tx,
  organizationId: string,
  groupId: string,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return recordEvents(tx, organizationId, "group.member_added", () =>
    userIds.map((userId) => ({ group_id: groupId, user_id: userId })),
  );
}
