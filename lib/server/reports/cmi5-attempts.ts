import "server-only";
import type { Cmi5Structure } from "@/lib/cmi5/course-structure";
import type { AuStates } from "@/lib/cmi5/move-on";
import { reportRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PackageAttemptJson } from "@/lib/server/reports/lesson-attempts";

// A cmi5 lesson's attempts in the shape of a SCORM lesson's, so one report and one view show both: a
// registration is the package attempt, each AU is a SCO, each launch of the AU (a session, Launched to
// Terminated or Abandoned) is an activity attempt. An AU's result is the registration's (cmi5 keeps
// Completed and Passed once per registration), shown on the session that reported it.

interface RegistrationRow {
  id: string;
  au_states: AuStates;
  satisfied: string[];
  created_at: Date;
  structure: Cmi5Structure;
}

interface SessionRow {
  registration_id: string;
  au_index: number;
  launched_at: Date;
  completed_at: Date | null;
  passed_at: Date | null;
  failed_at: Date | null;
  terminated_at: Date | null;
  abandoned_at: Date | null;
  last_statement_at: Date | null;
}

const percent = (scaled: number | null | undefined) =>
  typeof scaled === "number" ? Math.round(scaled * 1000) / 10 : null;

export async function cmi5LessonAttempts(
  organizationId: string,
  lessonId: string,
  userId: string,
): Promise<PackageAttemptJson[]> {
  const registrations = Prisma.sql`SELECT r."id" FROM "Cmi5Registration" r
    JOIN "Cmi5Course" c ON c."organizationId" = r."organizationId" AND c."id" = r."courseId"
    WHERE r."organizationId" = ${organizationId}::uuid AND c."lessonId" = ${lessonId}::uuid AND r."userId" = ${userId}::uuid`;
  const [registrationRows, sessionRows] = await Promise.all([
    reportRows<RegistrationRow>(Prisma.sql`SELECT r."id", r."auStates" AS au_states, r."satisfied", r."createdAt" AS created_at, c."structure"
      FROM "Cmi5Registration" r JOIN "Cmi5Course" c ON c."organizationId" = r."organizationId" AND c."id" = r."courseId"
      WHERE r."id" IN (${registrations}) ORDER BY r."createdAt", r."id"`),
    reportRows<SessionRow>(Prisma.sql`SELECT "registrationId" AS registration_id, "auIndex" AS au_index, "launchedAt" AS launched_at,
        "completedAt" AS completed_at, "passedAt" AS passed_at, "failedAt" AS failed_at, "terminatedAt" AS terminated_at,
        "abandonedAt" AS abandoned_at, "lastStatementAt" AS last_statement_at
      FROM "Cmi5Session" WHERE "organizationId" = ${organizationId}::uuid AND "registrationId" IN (${registrations})
      ORDER BY "launchedAt", "id"`),
  ]);
  return registrationRows.map((r, i) =>
    registrationJson(
      i + 1,
      r,
      sessionRows.filter((s) => s.registration_id === r.id),
    ),
  );
}

function registrationJson(attemptNumber: number, r: RegistrationRow, sessions: SessionRow[]): PackageAttemptJson {
  const states = r.au_states ?? {};
  const values = Object.values(states);
  const scores = values.map((s) => s.score).filter((s): s is number => typeof s === "number");
  const satisfied = r.satisfied.includes(r.structure.course.id);
  const judgedAt = sessions
    .flatMap((s) => [s.completed_at, s.passed_at, s.failed_at])
    .filter((d): d is Date => d !== null);
  return {
    attempt_number: attemptNumber,
    completion_status: satisfied ? "completed" : sessions.length > 0 ? "incomplete" : "not attempted",
    success_status: values.some((s) => s.failed && !s.passed)
      ? "failed"
      : values.some((s) => s.passed)
        ? "passed"
        : "unknown",
    score: scores.length ? percent(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    time_seconds: sessions.reduce((sum, s) => sum + sessionSeconds(s), 0),
    started_at: r.created_at.toISOString(),
    completed_at: satisfied && judgedAt.length ? new Date(Math.max(...judgedAt.map(Number))).toISOString() : null,
    ended_at: null,
    scos: r.structure.aus.map((au) => {
      const own = sessions.filter((s) => s.au_index === au.index);
      const state = states[au.index] ?? {};
      return {
        sco_id: au.id,
        title: au.title,
        waived: !!state.waived,
        activity_attempts: own.map((s, n) => ({
          number: n + 1,
          completion_status: s.completed_at ? "completed" : "incomplete",
          success_status: s.passed_at ? "passed" : s.failed_at ? "failed" : "unknown",
          score_raw: null,
          score: s.passed_at || s.failed_at ? percent(state.score) : null,
          time_seconds: sessionSeconds(s),
          started_at: s.launched_at.toISOString(),
          ended_at: (s.terminated_at ?? s.abandoned_at)?.toISOString() ?? null,
          ended_by: s.terminated_at ? "terminated" : s.abandoned_at ? "abandoned" : null,
        })),
      };
    }),
  };
}

/** Launched to Terminated; an abandoned or open session to its last statement (cmi5's Abandoned duration). */
function sessionSeconds(s: SessionRow): number {
  const end = s.terminated_at ?? s.last_statement_at ?? s.launched_at;
  return Math.max(0, Math.round((end.getTime() - s.launched_at.getTime()) / 1000));
}
