import { v5 as uuidV5 } from "uuid";

// The xAPI statements the app writes about what it tracks itself (docs/xapi.md, "Statements the app writes
// for its own tracking"): SCORM attempts, lesson completions, course completions and certificates (quiz
// attempts and answers in quiz-statements.ts, on the same parts). Pure:
// the writers (lib/server/xapi/tracking.ts) gather the facts, these shape them. Verbs and activity types
// are the ADL SCORM profile's (https://w3id.org/xapi/scorm) where it has one; a certificate, which it
// has not, uses the Tin Can registry's "earned" and "certificate". Every statement's id is derived from
// the event it reports, so writing the same event twice stores it once.

type Obj = Record<string, unknown>;

export const TRACKING_VERBS = {
  initialized: "http://adlnet.gov/expapi/verbs/initialized",
  completed: "http://adlnet.gov/expapi/verbs/completed",
  passed: "http://adlnet.gov/expapi/verbs/passed",
  failed: "http://adlnet.gov/expapi/verbs/failed",
  terminated: "http://adlnet.gov/expapi/verbs/terminated",
  suspended: "http://adlnet.gov/expapi/verbs/suspended",
  earned: "http://id.tincanapi.com/verb/earned",
  answered: "http://adlnet.gov/expapi/verbs/answered",
  scored: "http://adlnet.gov/expapi/verbs/scored",
} as const;
export type TrackingVerb = keyof typeof TRACKING_VERBS;

export const TRACKING_ACTIVITY_TYPES = {
  course: "http://adlnet.gov/expapi/activities/course",
  lesson: "http://adlnet.gov/expapi/activities/lesson",
  attempt: "http://adlnet.gov/expapi/activities/attempt",
  profile: "http://adlnet.gov/expapi/activities/profile",
  certificate: "http://id.tincanapi.com/activitytype/certificate",
  interaction: "http://adlnet.gov/expapi/activities/cmi.interaction",
} as const;

/** The SCORM profile's own activity, in the category of every statement about a SCORM attempt. */
export const SCORM_PROFILE_ID = "https://w3id.org/xapi/scorm";

/** The platform every statement names in its context. */
export const TRACKING_PLATFORM = "Learning Management";

/**
 * The app's activity ids: stable for the life of the record (a course or lesson keeps its id when renamed,
 * moved or when the organization's address changes), of the form cmi5's LMS ids take (urn:lms:…).
 */
export const trackingActivityIds = {
  course: (courseId: string) => `urn:lms:course:${courseId}`,
  lesson: (lessonId: string) => `urn:lms:lesson:${lessonId}`,
  scormAttempt: (attemptId: string) => `urn:lms:scorm-attempt:${attemptId}`,
  certificate: (certificateId: string) => `urn:lms:certificate:${certificateId}`,
  quizAttempt: (attemptId: string) => `urn:lms:quiz-attempt:${attemptId}`,
  question: (questionId: string) => `urn:lms:question:${questionId}`,
};

/** Fixed forever: changing it would give every event a new statement id and store it again. */
const STATEMENT_NAMESPACE = "6f1c2a4e-8d3b-5e7a-9c40-2b8f1d6e3a57";

/** The statement id of an event: a UUID (version 5) of the event's identity. */
export const trackingStatementId = (event: string): string => uuidV5(event, STATEMENT_NAMESPACE);

/** The learner as cmi5 names them: an Agent with an account on the organization's host. */
export function learnerAgent(origin: string, userId: string): Obj {
  return { objectType: "Agent", account: { homePage: origin, name: userId } };
}

export interface Named {
  id: string;
  title: string;
}

/** Who, in which enrollment: the enrollment's id is the statements' registration. */
export interface Learner {
  userId: string;
  enrollmentId: string;
}

export const activity = (id: string, type: string, title: string): Obj => ({
  objectType: "Activity",
  id,
  definition: { type, name: { "en-US": title } },
});

export const courseActivity = (course: Named) =>
  activity(trackingActivityIds.course(course.id), TRACKING_ACTIVITY_TYPES.course, course.title);
export const lessonActivity = (lesson: Named) =>
  activity(trackingActivityIds.lesson(lesson.id), TRACKING_ACTIVITY_TYPES.lesson, lesson.title);

/** ISO 8601 duration of a number of seconds, to the hundredth. */
export function secondsDuration(seconds: number): string {
  return `PT${Math.round(Math.max(0, seconds) * 100) / 100}S`;
}

// The content reports scores and times: what xAPI cannot carry (a scaled score outside -1…1, a time that
// is no number) is left out rather than let a statement fail the change it reports.
const scoreOf = (scaled: number | null): Obj =>
  scaled !== null && Number.isFinite(scaled) && scaled >= -1 && scaled <= 1 ? { score: { scaled } } : {};
const durationOf = (seconds: number): Obj =>
  Number.isFinite(seconds) && seconds > 0 ? { duration: secondsDuration(seconds) } : {};

export interface StatementParts {
  event: string;
  origin: string;
  learner: Learner;
  verb: TrackingVerb;
  object: Obj;
  at: Date;
  contextActivities?: Obj;
  result?: Obj;
  /** Someone other than the learner who took part: a person grading. */
  instructorId?: string;
}

export function statement({
  event,
  origin,
  learner,
  verb,
  object,
  at,
  contextActivities,
  result,
  instructorId,
}: StatementParts): Obj {
  return {
    id: trackingStatementId(event),
    timestamp: at.toISOString(),
    actor: learnerAgent(origin, learner.userId),
    verb: { id: TRACKING_VERBS[verb], display: { "en-US": verb } },
    object,
    ...(result && Object.keys(result).length > 0 ? { result } : {}),
    context: {
      registration: learner.enrollmentId,
      ...(instructorId ? { instructor: learnerAgent(origin, instructorId) } : {}),
      platform: TRACKING_PLATFORM,
      ...(contextActivities ? { contextActivities } : {}),
    },
  };
}

/** A lesson became completed, unless a SCORM attempt completed it: that attempt's statements report it. */
export function lessonCompletedStatement(
  origin: string,
  facts: { learner: Learner; course: Named; lesson: Named; completedAt: Date; timeSpentSeconds: number },
): Obj {
  return statement({
    event: `lesson:${facts.lesson.id}:enrollment:${facts.learner.enrollmentId}:completed:${facts.completedAt.toISOString()}`,
    origin,
    learner: facts.learner,
    verb: "completed",
    object: lessonActivity(facts.lesson),
    at: facts.completedAt,
    contextActivities: { parent: [courseActivity(facts.course)] },
    result: { completion: true, ...durationOf(facts.timeSpentSeconds) },
  });
}

/** An enrollment became completed: the learner completed the course. */
export function courseCompletedStatement(
  origin: string,
  facts: { learner: Learner; course: Named; completedAt: Date },
): Obj {
  return statement({
    event: `enrollment:${facts.learner.enrollmentId}:completed:${facts.completedAt.toISOString()}`,
    origin,
    learner: facts.learner,
    verb: "completed",
    object: courseActivity(facts.course),
    at: facts.completedAt,
    result: { completion: true },
  });
}

/** A certificate was issued on a completion: the learner earned it. */
export function certificateEarnedStatement(
  origin: string,
  facts: { learner: Learner; course: Named; certificateId: string; issuedAt: Date },
): Obj {
  return statement({
    event: `certificate:${facts.certificateId}:earned`,
    origin,
    learner: facts.learner,
    verb: "earned",
    object: activity(
      trackingActivityIds.certificate(facts.certificateId),
      TRACKING_ACTIVITY_TYPES.certificate,
      `Certificate: ${facts.course.title}`,
    ),
    at: facts.issuedAt,
    contextActivities: { parent: [courseActivity(facts.course)] },
  });
}

/**
 * What happened to a SCORM attempt that is worth a statement. Initialized and completed happen once an
 * attempt; the others once a commit, named by its SCO and sequence (a commit's identity in its attempt).
 */
export type ScormEvent =
  | { verb: "initialized" | "completed" }
  | { verb: "passed" | "failed" | "terminated" | "suspended"; scoId: string; sequence: number };

/** The attempt's results as a statement's result carries them (what is known). */
export interface ScormOutcome {
  completed: boolean;
  successStatus: string;
  scoreScaled: number | null;
  totalTimeSeconds: number;
}

export interface ScormAttemptFacts {
  learner: Learner;
  course: Named;
  lesson: Named;
  attempt: { id: string; number: number };
  at: Date;
  /** The attempt's results after the change (none for initialized). */
  outcome?: ScormOutcome;
}

function scormResult(event: ScormEvent, outcome: ScormOutcome | undefined): Obj | undefined {
  if (!outcome || event.verb === "initialized") return undefined;
  const known = outcome.successStatus === "passed" || outcome.successStatus === "failed";
  const score = scoreOf(outcome.scoreScaled);
  if (event.verb === "passed" || event.verb === "failed") return { success: event.verb === "passed", ...score };
  return {
    ...(known ? { success: outcome.successStatus === "passed" } : {}),
    ...(event.verb === "completed" ? { completion: true } : outcome.completed ? { completion: true } : {}),
    ...score,
    ...durationOf(outcome.totalTimeSeconds),
  };
}

/**
 * A SCORM attempt's statement, as the SCORM profile shapes it: the lesson (the package the learner plays)
 * as object, the course and the attempt in grouping, the profile in category; the course is the parent.
 */
export function scormAttemptStatement(origin: string, facts: ScormAttemptFacts, event: ScormEvent): Obj {
  const { attempt } = facts;
  const course = courseActivity(facts.course);
  const suffix = "scoId" in event ? `:${event.scoId}:${event.sequence}` : "";
  return statement({
    event: `scorm-attempt:${attempt.id}:${event.verb}${suffix}`,
    origin,
    learner: facts.learner,
    verb: event.verb,
    object: lessonActivity(facts.lesson),
    at: facts.at,
    contextActivities: {
      parent: [course],
      grouping: [
        course,
        activity(
          trackingActivityIds.scormAttempt(attempt.id),
          TRACKING_ACTIVITY_TYPES.attempt,
          `Attempt ${attempt.number} of ${facts.lesson.title}`,
        ),
      ],
      category: [
        { objectType: "Activity", id: SCORM_PROFILE_ID, definition: { type: TRACKING_ACTIVITY_TYPES.profile } },
      ],
    },
    result: scormResult(event, facts.outcome),
  });
}

/** A commit of a SCORM attempt, before and after: what scormEvents compares. */
export interface ScormCommitChange {
  before: { completed: boolean; successStatus: string };
  after: { completed: boolean; successStatus: string };
  /** The SCO's session ended with this commit (Terminate / LMSFinish). */
  terminated: boolean;
  /** The SCO's exit as the commit reports it ("suspend": the learner means to come back). */
  exit: string | null;
  scoId: string;
  sequence: number;
}

/**
 * The events of one applied commit: only its transitions (passed or failed, completed, the session's end),
 * so the common commit, which changes none, has none.
 */
export function scormEvents(change: ScormCommitChange): ScormEvent[] {
  const { before, after, scoId, sequence } = change;
  const events: ScormEvent[] = [];
  const success = after.successStatus;
  if ((success === "passed" || success === "failed") && success !== before.successStatus)
    events.push({ verb: success, scoId, sequence });
  if (after.completed && !before.completed) events.push({ verb: "completed" });
  if (change.terminated) events.push({ verb: change.exit === "suspend" ? "suspended" : "terminated", scoId, sequence });
  return events;
}
