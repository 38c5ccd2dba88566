import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EventData } from "@/lib/server/webhooks/outbox";

// What each event's `data` holds (snake_case, as the API answers), read inside the transaction that
// records the event so it shows the change as committed. Documented in lib/openapi/paths/webhooks.ts.

type Tx = Prisma.TransactionClient;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function userEventData(tx: Tx, organizationId: string, userIds: string[]): Promise<EventData[]> {
  const users = await tx.user.findMany({
    where: { organizationId, id: { in: userIds } },
    select: {
      id: true,
      email: true,
      username: true,
      firstName: true,
      lastName: true,
      role: true,
      status: true,
      createdAt: true,
    },
    orderBy: { id: "asc" },
  });
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    status: u.status,
    created_at: u.createdAt.toISOString(),
  }));
}

export async function enrollmentEventData(
  tx: Tx,
  organizationId: string,
  enrollmentIds: string[],
): Promise<EventData[]> {
  const rows = await tx.enrollment.findMany({
    where: { organizationId, id: { in: enrollmentIds } },
    select: {
      id: true,
      courseId: true,
      userId: true,
      status: true,
      source: true,
      round: true,
      progressPercent: true,
      enrolledAt: true,
      completedAt: true,
    },
    orderBy: { id: "asc" },
  });
  return rows.map((e) => ({
    id: e.id,
    course_id: e.courseId,
    user_id: e.userId,
    status: e.status,
    source: e.source,
    round: e.round,
    progress_percent: e.progressPercent,
    enrolled_at: e.enrolledAt.toISOString(),
    completed_at: iso(e.completedAt),
  }));
}

/** course.completed: the learner and the course, with the round and the completion time. */
export async function courseCompletionEventData(
  tx: Tx,
  organizationId: string,
  enrollmentIds: string[],
): Promise<EventData[]> {
  const rows = await tx.enrollment.findMany({
    where: { organizationId, id: { in: enrollmentIds } },
    select: {
      id: true,
      userId: true,
      round: true,
      completedAt: true,
      course: { select: { id: true, title: true } },
    },
    orderBy: { id: "asc" },
  });
  return rows.map((e) => ({
    course_id: e.course.id,
    course_title: e.course.title,
    user_id: e.userId,
    enrollment_id: e.id,
    round: e.round,
    completed_at: iso(e.completedAt),
  }));
}

export const certificateEventSelect = {
  id: true,
  code: true,
  courseId: true,
  userId: true,
  enrollmentId: true,
  round: true,
  courseTitle: true,
  learnerName: true,
  completedAt: true,
  expiresAt: true,
  issuedAt: true,
} satisfies Prisma.CertificateSelect;
type CertificateEventRow = Prisma.CertificateGetPayload<{ select: typeof certificateEventSelect }>;

export function certificateEventData(row: CertificateEventRow): EventData {
  return {
    id: row.id,
    code: row.code,
    course_id: row.courseId,
    course_title: row.courseTitle,
    user_id: row.userId,
    learner_name: row.learnerName,
    enrollment_id: row.enrollmentId,
    round: row.round,
    completed_at: row.completedAt.toISOString(),
    expires_at: iso(row.expiresAt),
    issued_at: row.issuedAt.toISOString(),
  };
}
