import "server-only";
import { queryRows } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { insertLmsStatements, lmsLrsContext } from "@/lib/server/xapi/lms-writer";
import { tenantOrigin } from "@/lib/tenancy/host";
import {
  certificateEarnedStatement,
  courseCompletedStatement,
  lessonCompletedStatement,
  scormAttemptStatement,
  type ScormEvent,
  type ScormOutcome,
} from "@/lib/xapi/tracking-statements";

// What the app tracks, written into the organization's LRS as xAPI statements (docs/xapi.md), each call
// inside the transaction of the change it reports: the statement exists exactly when the change
// committed, and its id, derived from the event, makes a replay store nothing new. Each call is one read
// of the facts the statements name and one INSERT of all of them; the organization's switch and host are
// read once a transaction. An organization that turned tracking off (settings.xapiTracking false) gets
// nothing written and nothing read beyond the switch.

type Tx = Prisma.TransactionClient;
type Obj = Record<string, unknown>;

const origins = new WeakMap<Tx, Map<string, Promise<string | null>>>();

/** The organization's origin (the actor's home page) when it records tracking statements, else null. */
function trackingOrigin(tx: Tx, organizationId: string): Promise<string | null> {
  const known = origins.get(tx) ?? new Map<string, Promise<string | null>>();
  origins.set(tx, known);
  let origin = known.get(organizationId);
  if (!origin) {
    origin = queryRows<{ subdomain: string; on: boolean }>(
      Prisma.sql`SELECT "subdomain", ("settings" -> 'xapiTracking') IS DISTINCT FROM 'false'::jsonb AS "on"
        FROM "Organization" WHERE "id" = ${organizationId}::uuid`,
      tx,
    ).then(([row]) => (row?.on ? tenantOrigin(row.subdomain, env.APP_DOMAIN, env.APP_BASE_URL) : null));
    known.set(organizationId, origin);
  }
  return origin;
}

/** Builds and stores an event's statements, when the organization records them (`build` reads the facts). */
export async function writeTracking(
  tx: Tx,
  organizationId: string,
  build: (origin: string) => Promise<Obj[]>,
): Promise<void> {
  const origin = await trackingOrigin(tx, organizationId);
  if (!origin) return;
  await insertLmsStatements(lmsLrsContext(organizationId, origin), await build(origin), tx);
}

interface LessonFacts {
  userId: string;
  kind: string;
  courseTitle: string;
  lessonTitle: string;
  attemptNumber: number | null;
  timeSpentSeconds: number | null;
}

const lessonFactsSql = (organizationId: string, enrollmentId: string, lessonId: string, attemptId: string | null) =>
  Prisma.sql`SELECT e."userId", l."kind", c."title" AS "courseTitle", l."title" AS "lessonTitle",
  (SELECT a."attemptNumber" FROM "ScormAttempt" a WHERE a."organizationId" = e."organizationId" AND a."id" = ${attemptId}::uuid) AS "attemptNumber",
  lp."timeSpentSeconds"
FROM "Enrollment" e
JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
JOIN "Lesson" l ON l."organizationId" = e."organizationId" AND l."courseId" = e."courseId" AND l."id" = ${lessonId}::uuid
LEFT JOIN "LessonProgress" lp ON lp."organizationId" = e."organizationId" AND lp."enrollmentId" = e."id" AND lp."lessonId" = l."id"
WHERE e."organizationId" = ${organizationId}::uuid AND e."id" = ${enrollmentId}::uuid`;

export interface ScormAttemptRef {
  attemptId: string;
  courseId: string;
  lessonId: string;
  enrollmentId: string;
}

/** A SCORM attempt's events (scormEvents), or its start ("initialized") when the launch made it. */
export function recordScormAttemptEvents(
  tx: Tx,
  organizationId: string,
  attempt: ScormAttemptRef,
  events: ScormEvent[],
  outcome?: ScormOutcome,
): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  return writeTracking(tx, organizationId, async (origin) => {
    const [facts] = await queryRows<LessonFacts>(
      lessonFactsSql(organizationId, attempt.enrollmentId, attempt.lessonId, attempt.attemptId),
      tx,
    );
    if (!facts) return [];
    const at = new Date();
    return events.map((event) =>
      scormAttemptStatement(
        origin,
        {
          learner: { userId: facts.userId, enrollmentId: attempt.enrollmentId },
          course: { id: attempt.courseId, title: facts.courseTitle },
          lesson: { id: attempt.lessonId, title: facts.lessonTitle },
          attempt: { id: attempt.attemptId, number: facts.attemptNumber ?? 1 },
          at,
          outcome,
        },
        event,
      ),
    );
  });
}

/**
 * A lesson that became completed, unless by a SCORM attempt (recordScormAttemptEvents reports that one)
 * or a quiz's (a quiz lesson is completed only by a submitted attempt, whose "completed" reports it:
 * quiz-tracking.ts).
 */
export function recordLessonCompletion(
  tx: Tx,
  organizationId: string,
  lesson: {
    lessonId: string;
    courseId: string;
    enrollmentId: string;
    completedAt: Date;
    /** The time being written with the completion, when the lesson's row does not hold it yet. */
    timeSpentSeconds?: number | null;
  },
): Promise<void> {
  return writeTracking(tx, organizationId, async (origin) => {
    const [facts] = await queryRows<LessonFacts>(
      lessonFactsSql(organizationId, lesson.enrollmentId, lesson.lessonId, null),
      tx,
    );
    if (!facts || facts.kind === "quiz") return [];
    return [
      lessonCompletedStatement(origin, {
        learner: { userId: facts.userId, enrollmentId: lesson.enrollmentId },
        course: { id: lesson.courseId, title: facts.courseTitle },
        lesson: { id: lesson.lessonId, title: facts.lessonTitle },
        completedAt: lesson.completedAt,
        timeSpentSeconds: lesson.timeSpentSeconds ?? facts.timeSpentSeconds ?? 0,
      }),
    ];
  });
}

/** Enrollments that became completed: each learner completed their course. */
export function recordCourseCompletions(tx: Tx, organizationId: string, enrollmentIds: string[]): Promise<void> {
  if (enrollmentIds.length === 0) return Promise.resolve();
  return writeTracking(tx, organizationId, async (origin) => {
    const rows = await queryRows<{ id: string; userId: string; courseId: string; title: string; completedAt: Date }>(
      Prisma.sql`SELECT e."id", e."userId", e."courseId", c."title", e."completedAt"
        FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
        WHERE e."organizationId" = ${organizationId}::uuid AND e."id" = ANY(${enrollmentIds}::uuid[])
          AND e."status" = 'completed' AND e."completedAt" IS NOT NULL
        ORDER BY e."id"`,
      tx,
    );
    return rows.map((row) =>
      courseCompletedStatement(origin, {
        learner: { userId: row.userId, enrollmentId: row.id },
        course: { id: row.courseId, title: row.title },
        completedAt: row.completedAt,
      }),
    );
  });
}

/** Certificates issued on completion: each learner earned theirs. */
export function recordCertificatesEarned(tx: Tx, organizationId: string, certificateIds: string[]): Promise<void> {
  if (certificateIds.length === 0) return Promise.resolve();
  return writeTracking(tx, organizationId, async (origin) => {
    const rows = await tx.certificate.findMany({
      where: { organizationId, id: { in: certificateIds } },
      select: { id: true, userId: true, enrollmentId: true, courseId: true, courseTitle: true, issuedAt: true },
      orderBy: { id: "asc" },
    });
    return rows.map((row) =>
      certificateEarnedStatement(origin, {
        learner: { userId: row.userId, enrollmentId: row.enrollmentId },
        course: { id: row.courseId, title: row.courseTitle },
        certificateId: row.id,
        issuedAt: row.issuedAt,
      }),
    );
  });
}
