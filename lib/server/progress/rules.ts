import "server-only";
// The progress rules as pure functions: what a course's percentage is, when an enrollment completes and
// when a video counts as watched. The database code (recompute.ts, mutations.ts) only applies them.

export interface LessonCounts {
  requiredTotal: number;
  requiredDone: number;
  allTotal: number;
  allDone: number;
  /**
   * The parts of lessons not completed yet that a SCORM package reported (cmi.progress_measure, 0–1), summed
   * over the required lessons and over all lessons; 0 when none did.
   */
  requiredPartial?: number;
  allPartial?: number;
}

/**
 * The course percentage: completed REQUIRED lessons over required lessons, a lesson in progress counting as
 * the part its SCORM package reported; a course without required lessons counts all of its lessons. Rounded
 * down, and below 100 until every counted lesson is done.
 */
function progressPercent(counts: LessonCounts): number {
  const { done, total } = countedLessons(counts);
  if (total === 0) return 0;
  if (done >= total) return 100;
  const partial = counts.requiredTotal > 0 ? (counts.requiredPartial ?? 0) : (counts.allPartial ?? 0);
  return Math.min(99, Math.floor(((done + Math.max(0, partial)) * 100) / total));
}

/** Whether every counted lesson is done. A course without lessons is never complete. */
function isCourseComplete(counts: LessonCounts): boolean {
  const { done, total } = countedLessons(counts);
  return total > 0 && done >= total;
}

function countedLessons(counts: LessonCounts): { done: number; total: number } {
  return counts.requiredTotal > 0
    ? { done: counts.requiredDone, total: counts.requiredTotal }
    : { done: counts.allDone, total: counts.allTotal };
}

export type EnrollmentStatus = "active" | "completed" | "withdrawn";

export interface EnrollmentState {
  status: EnrollmentStatus;
  progressPercent: number;
  completedAt: Date | null;
}

/**
 * The enrollment after its lessons changed. Completion is a milestone: once completed, an enrollment
 * stays completed with its first completedAt even when lessons added later bring the percentage down
 * (reports and certificates do not flip back); the percentage always tells the current truth. A
 * withdrawn enrollment keeps its state; its percentage is still kept current.
 */
export function nextEnrollmentState(current: EnrollmentState, counts: LessonCounts, now: Date): EnrollmentState {
  const percent = progressPercent(counts);
  if (current.status === "withdrawn") return { ...current, progressPercent: percent };
  if (isCourseComplete(counts))
    return { status: "completed", progressPercent: percent, completedAt: current.completedAt ?? now };
  return { ...current, progressPercent: percent };
}

/** A video is watched once the reported position reaches 95 % of its duration. */
const WATCHED_FRACTION = 0.95;

function isVideoWatched(positionSeconds: number | undefined, durationSeconds: number | null | undefined): boolean {
  if (positionSeconds === undefined || !durationSeconds || durationSeconds <= 0) return false;
  return positionSeconds >= durationSeconds * WATCHED_FRACTION;
}

export type LessonKind = "text" | "video" | "file" | "scorm" | "cmi5" | "quiz";
export type LessonProgressStatus = "not_started" | "in_progress" | "completed";

export interface LessonProgressState {
  status: LessonProgressStatus;
  position: number | null;
  completedAt: Date | null;
}

export interface LessonProgressReport {
  completed?: boolean;
  position_seconds?: number;
  duration_seconds?: number;
}

/**
 * A lesson's progress after a report from the player. `completed: true` completes any kind (the "Mark
 * complete" button, a video's ended event); a video also completes once its position reaches 95 % of the
 * duration (the lesson's own, else the one the player measured). Completion sticks until the learner
 * explicitly sends `completed: false`; the first completion time is kept.
 */
export function nextLessonProgress(
  current: LessonProgressState | null,
  lesson: { kind: LessonKind; durationSeconds: number | null },
  report: LessonProgressReport,
  now: Date,
): LessonProgressState {
  const position = report.position_seconds ?? current?.position ?? null;
  if (report.completed === false) return { status: "in_progress", position, completedAt: null };
  const duration = lesson.durationSeconds ?? report.duration_seconds;
  const completes =
    report.completed === true ||
    current?.status === "completed" ||
    (lesson.kind === "video" && isVideoWatched(position ?? undefined, duration));
  if (completes) return { status: "completed", position, completedAt: current?.completedAt ?? now };
  return { status: "in_progress", position, completedAt: null };
}
