import "server-only";
import type { Cmi5Structure } from "@/lib/cmi5/course-structure";
import { newlySatisfied, satisfiedShare, type AuStates } from "@/lib/cmi5/move-on";
import type { Prisma } from "@/lib/generated/prisma/client";
import { lockEnrollments, saveLessonProgress } from "@/lib/server/progress/recompute";
import { satisfiedStatement, type StatementSession } from "@/lib/server/cmi5/lms-statements";

// A registration's progress: what moveOn makes satisfied (the Satisfied statements the LMS owes), and the
// lesson's progress row for the organization's learner, as SCORM's attempts feed it: satisfied course →
// completed (passed/failed from the AUs), otherwise in progress with the share of satisfied AUs.

type Obj = Record<string, unknown>;
type Tx = Prisma.TransactionClient;

export interface RegistrationRow {
  id: string;
  organizationId: string;
  courseId: string;
  userId: string | null;
  actor: unknown;
  auStates: unknown;
  satisfied: string[];
}

export const registrationSelect = {
  id: true,
  organizationId: true,
  courseId: true,
  userId: true,
  actor: true,
  auStates: true,
  satisfied: true,
} as const;

/**
 * Records what became satisfied (inside the caller's transaction, the registration row locked) and
 * returns the Satisfied statements to write once it commits.
 */
export async function settleRegistration(
  tx: Tx,
  registration: RegistrationRow,
  structure: Cmi5Structure,
  states: AuStates,
  sessionId: string,
): Promise<Obj[]> {
  const already = new Set(registration.satisfied);
  const fresh = newlySatisfied(structure, states, already);
  await tx.cmi5Registration.updateMany({
    where: { organizationId: registration.organizationId, id: registration.id },
    data: {
      auStates: states as object,
      satisfied: [...registration.satisfied, ...fresh.map((s) => s.publisherId)],
    },
  });
  const session: StatementSession = {
    courseId: registration.courseId,
    registration: registration.id,
    sessionId,
    actor: registration.actor as Obj,
  };
  if (registration.userId)
    await syncLessonProgress(tx, registration, structure, states, [...already, ...fresh.map((s) => s.publisherId)]);
  return fresh.map((what) => satisfiedStatement(session, structure, what));
}

/** The learner's LessonProgress row for the cmi5 lesson, when they are enrolled in its course. */
async function syncLessonProgress(
  tx: Tx,
  registration: RegistrationRow,
  structure: Cmi5Structure,
  states: AuStates,
  satisfied: string[],
): Promise<void> {
  const { organizationId } = registration;
  const course = await tx.cmi5Course.findFirstOrThrow({
    where: { organizationId, id: registration.courseId },
    select: { lessonId: true, lesson: { select: { courseId: true } } },
  });
  const enrollment = await tx.enrollment.findFirst({
    where: {
      organizationId,
      courseId: course.lesson.courseId,
      userId: registration.userId!,
      status: { not: "withdrawn" },
    },
    select: { id: true },
  });
  if (!enrollment) return;
  await lockEnrollments(tx, organizationId, [enrollment.id]);
  const keys = { courseId: course.lesson.courseId, enrollmentId: enrollment.id, lessonId: course.lessonId };
  const current = await tx.lessonProgress.findUnique({
    where: { enrollmentId_lessonId: { enrollmentId: enrollment.id, lessonId: course.lessonId } },
    select: { status: true },
  });
  const values = Object.values(states);
  const scores = values.map((s) => s.score).filter((s): s is number => typeof s === "number");
  const successStatus = values.some((s) => s.failed && !s.passed)
    ? "failed"
    : values.some((s) => s.passed)
      ? "passed"
      : null;
  const done = satisfied.includes(structure.course.id) || current?.status === "completed";
  const now = new Date();
  await saveLessonProgress(
    tx,
    organizationId,
    keys,
    {
      status: done ? "completed" : "in_progress",
      successStatus,
      scoreScaled: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
      progressMeasure: done ? null : satisfiedShare(structure, states),
      ...(done && current?.status !== "completed" ? { completedAt: now } : {}),
    },
    { now, recount: true },
  );
}
