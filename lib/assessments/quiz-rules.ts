import type { ReviewTiming } from "@/lib/schemas/quizzes";

// A quiz's rules as pure functions: which attempts make the lesson's score, whether it passes, when a part
// of the review may be shown, which page a question is on. The services (lib/server/quizzes/) apply them.

export type GradingMethod = "highest" | "last" | "average";

export interface FinishedAttempt {
  number: number;
  /** Score over the maximum, 0–100. */
  percent: number;
}

/** The lesson's score, 0–100, from the learner's finished attempts; null when there is none. */
export function lessonScorePercent(method: GradingMethod, attempts: readonly FinishedAttempt[]): number | null {
  if (attempts.length === 0) return null;
  switch (method) {
    case "highest":
      return Math.max(...attempts.map((a) => a.percent));
    case "last":
      return attempts.reduce((last, a) => (a.number > last.number ? a : last)).percent;
    case "average":
      return attempts.reduce((sum, a) => sum + a.percent, 0) / attempts.length;
  }
}

/** Score over the maximum as a percentage; an attempt worth nothing scores 0. */
export function percentOf(score: number, maxScore: number): number {
  return maxScore > 0 ? (score / maxScore) * 100 : 0;
}

/**
 * Passed or failed against the pass mark (reached: passed); null without a pass mark. A hair of slack keeps
 * binary rounding (3 × 0.1 marks of 0.3) from failing a learner who reached it exactly.
 */
export function successOf(percent: number, passMarkPercent: number | null): "passed" | "failed" | null {
  if (passMarkPercent === null) return null;
  return percent + 1e-9 >= passMarkPercent ? "passed" : "failed";
}

export interface ReviewMoment {
  /** Whether the attempt is still being taken. */
  inProgress: boolean;
  now: Date;
  closesAt: Date | null;
}

/**
 * Whether a part of the review may be shown now: immediately (even while the attempt is taken), after the
 * attempt's submission, after the quiz closes (a quiz without a closing time never closes), or never.
 */
export function reviewAllows(timing: ReviewTiming, moment: ReviewMoment): boolean {
  switch (timing) {
    case "immediately":
      return true;
    case "after_submission":
      return !moment.inProgress;
    case "after_close":
      return !moment.inProgress && moment.closesAt !== null && moment.now >= moment.closesAt;
    case "never":
      return false;
  }
}

/** The page of the question at `position` (from 1); 0 questions per page puts every question on page 1. */
export function pageOf(position: number, questionsPerPage: number): number {
  return questionsPerPage > 0 ? Math.ceil(position / questionsPerPage) : 1;
}

/** An attempt's deadline: its start plus the time limit, or none; never after the quiz closes. */
export function deadlineOf(startedAt: Date, timeLimitSeconds: number | null, closesAt: Date | null): Date | null {
  const byLimit = timeLimitSeconds === null ? null : new Date(startedAt.getTime() + timeLimitSeconds * 1000);
  if (byLimit && closesAt) return byLimit < closesAt ? byLimit : closesAt;
  return byLimit ?? closesAt;
}
