import { percentOf, successOf } from "@/lib/assessments/quiz-rules";
import type { QuestionContent } from "@/lib/schemas/questions";
import { interactionDefinition, interactionResponse } from "@/lib/xapi/quiz-interactions";
import {
  activity,
  courseActivity,
  lessonActivity,
  secondsDuration,
  statement,
  TRACKING_ACTIVITY_TYPES,
  trackingActivityIds,
  type Learner,
  type Named,
} from "@/lib/xapi/tracking-statements";

// The statements of a native quiz's attempts (docs/xapi.md): pure, as tracking-statements.ts, on its parts.
// The attempt is told as a SCORM attempt is: the lesson as object, the course as parent, the course and
// the attempt in grouping; each answer is "answered" with the question as a cmi.interaction, the lesson
// its parent. Ids are derived from the event: the attempt's start, its submission, a person's grade (the
// answer and the time it was given), a regrade (its time), so writing an event again stores nothing new.

type Obj = Record<string, unknown>;

export interface QuizAttemptFacts {
  learner: Learner;
  course: Named;
  lesson: Named;
  attempt: { id: string; number: number };
  /** The quiz's pass mark (percent); null: it passes or fails nobody. */
  passMarkPercent: number | null;
}

/** What an attempt's result is at a moment: its state and its score out of its maximum. */
export interface QuizAttemptResult {
  /** Only "graded" has a final score; the others ("in_progress", "needs_grading"…) have none yet. */
  state: string;
  score: number;
  maxScore: number;
}

/** A question of the attempt with its answer: the version drawn, the marks it is worth, the marks given. */
export interface QuizAnswerFacts {
  position: number;
  questionId: string;
  content: QuestionContent;
  response: unknown;
  maxMark: number;
  /** A person's marks over the automatic ones; null: not graded yet (an essay waiting). */
  marks: number | null;
}

/** The event a statement reports, the first part of its id. */
export type QuizEvent =
  | { kind: "started" }
  | { kind: "submitted" }
  | { kind: "graded"; position: number; at: Date }
  | { kind: "regraded"; at: Date };

function eventKey(attemptId: string, event: QuizEvent): string {
  const base = `quiz-attempt:${attemptId}:${event.kind}`;
  if (event.kind === "graded") return `${base}:${event.position}:${event.at.toISOString()}`;
  if (event.kind === "regraded") return `${base}:${event.at.toISOString()}`;
  return base;
}

const attemptActivity = (facts: QuizAttemptFacts) =>
  activity(
    trackingActivityIds.quizAttempt(facts.attempt.id),
    TRACKING_ACTIVITY_TYPES.attempt,
    `Attempt ${facts.attempt.number} of ${facts.lesson.title}`,
  );

/** The course and the attempt, in grouping of every statement of the attempt. */
function grouping(facts: QuizAttemptFacts): Obj[] {
  return [courseActivity(facts.course), attemptActivity(facts)];
}

/** xAPI's score of marks out of a maximum: raw kept within it (a grade may pass it by rounding). */
export function marksScore(marks: number, max: number): Obj {
  if (!(max > 0) || !Number.isFinite(marks)) return {};
  const raw = Math.min(max, Math.max(0, marks));
  return { score: { scaled: raw / max, raw, min: 0, max } };
}

/** Full marks are a success; anything less is not. */
const fullMarks = (marks: number, max: number) => marks + 1e-9 >= max;

function attemptSuccess(facts: QuizAttemptFacts, result: QuizAttemptResult): boolean | null {
  if (result.state !== "graded") return null;
  const success = successOf(percentOf(result.score, result.maxScore), facts.passMarkPercent);
  return success === null ? null : success === "passed";
}

interface At {
  origin: string;
  at: Date;
}

const attemptStatement = (
  { origin, at }: At,
  facts: QuizAttemptFacts,
  event: QuizEvent,
  verb: "initialized" | "completed" | "passed" | "failed" | "scored",
  result?: Obj,
  instructorId?: string,
) =>
  statement({
    event: `${eventKey(facts.attempt.id, event)}:${verb}`,
    origin,
    learner: facts.learner,
    verb,
    object: lessonActivity(facts.lesson),
    at,
    contextActivities: { parent: [courseActivity(facts.course)], grouping: grouping(facts) },
    result,
    instructorId,
  });

/** A new attempt: initialized, as a SCORM attempt's launch. */
export function quizAttemptStartedStatement(origin: string, facts: QuizAttemptFacts, startedAt: Date): Obj {
  return attemptStatement({ origin, at: startedAt }, facts, { kind: "started" }, "initialized");
}

const questionActivity = (answer: QuizAnswerFacts): Obj => ({
  objectType: "Activity",
  id: trackingActivityIds.question(answer.questionId),
  definition: interactionDefinition(answer.content),
});

function questionStatement(
  at: At,
  facts: QuizAttemptFacts,
  event: QuizEvent,
  verb: "answered" | "scored",
  answer: QuizAnswerFacts,
  result: Obj,
  instructorId?: string,
): Obj {
  return statement({
    event: `${eventKey(facts.attempt.id, event)}:question:${answer.position}:${verb}`,
    origin: at.origin,
    learner: facts.learner,
    verb,
    object: questionActivity(answer),
    at: at.at,
    contextActivities: { parent: [lessonActivity(facts.lesson)], grouping: grouping(facts) },
    result,
    instructorId,
  });
}

const answerResult = (answer: QuizAnswerFacts): Obj =>
  answer.marks === null
    ? {}
    : { success: fullMarks(answer.marks, answer.maxMark), ...marksScore(answer.marks, answer.maxMark) };

/** The attempt's score once graded: until then it is not final (an essay waits). */
const score = (result: QuizAttemptResult): Obj =>
  result.state === "graded" ? marksScore(result.score, result.maxScore) : {};

/** Passed or failed, once graded, when the quiz has a pass mark. */
function outcomeStatements(
  at: At,
  facts: QuizAttemptFacts,
  event: QuizEvent,
  result: QuizAttemptResult,
  instructorId?: string,
): Obj[] {
  const success = attemptSuccess(facts, result);
  if (success === null) return [];
  const verb = success ? "passed" : "failed";
  return [attemptStatement(at, facts, event, verb, { success, ...score(result) }, instructorId)];
}

/**
 * A submission (by the learner, or at the time limit): each answered question answered, with its
 * response and, when graded automatically, its success and score (an essay waits for a person); then the
 * attempt completed, with its time and, once graded, its score and success; then passed or failed.
 */
export function quizAttemptSubmittedStatements(
  origin: string,
  facts: QuizAttemptFacts,
  submission: { at: Date; result: QuizAttemptResult; durationSeconds: number; answers: QuizAnswerFacts[] },
): Obj[] {
  const at = { origin, at: submission.at };
  const event: QuizEvent = { kind: "submitted" };
  const { result } = submission;
  const success = attemptSuccess(facts, result);
  return [
    ...submission.answers.map((answer) => {
      const response = interactionResponse(answer.content, answer.response);
      return questionStatement(at, facts, event, "answered", answer, {
        ...(response === undefined ? {} : { response }),
        ...answerResult(answer),
      });
    }),
    attemptStatement(at, facts, event, "completed", {
      completion: true,
      ...(success === null ? {} : { success }),
      ...score(result),
      ...(submission.durationSeconds > 0 ? { duration: secondsDuration(submission.durationSeconds) } : {}),
    }),
    ...outcomeStatements(at, facts, event, result),
  ];
}

/**
 * A finished attempt's result changed (a person's grade, a regrade): when it is graded now, "scored"
 * with its score if that is new (it was waiting, or its score moved), and passed or failed if that is
 * new too. A person's grade is also the graded question's "scored", the grader as instructor.
 */
export function quizAttemptRescoredStatements(
  origin: string,
  facts: QuizAttemptFacts,
  change: {
    event: Extract<QuizEvent, { kind: "graded" | "regraded" }>;
    before: QuizAttemptResult;
    after: QuizAttemptResult;
    /** The graded question (a person's grade), and who gave it. */
    graded?: { answer: QuizAnswerFacts; graderId: string };
  },
): Obj[] {
  const { event, before, after, graded } = change;
  const at = { origin, at: event.at };
  const statements: Obj[] = [];
  if (graded)
    statements.push(
      questionStatement(at, facts, event, "scored", graded.answer, answerResult(graded.answer), graded.graderId),
    );
  if (after.state !== "graded") return statements;
  const wasGraded = before.state === "graded";
  const instructorId = graded?.graderId;
  const success = attemptSuccess(facts, after);
  if (!wasGraded || Math.abs(before.score - after.score) > 1e-9)
    statements.push(
      attemptStatement(
        at,
        facts,
        event,
        "scored",
        { ...(success === null ? {} : { success }), ...score(after) },
        instructorId,
      ),
    );
  if (!wasGraded || attemptSuccess(facts, before) !== success)
    statements.push(...outcomeStatements(at, facts, event, after, instructorId));
  return statements;
}
