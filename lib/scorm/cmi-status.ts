import { parseDuration } from "@/lib/scorm/duration";
import type { ScormVersion } from "@/lib/scorm/types";

// What the tracking server reads out of one SCO's CMI JSON (scorm-again's shape: `api.cmi.toJSON()`, or
// the `cmi` member of `api.renderCommitCMI(terminate)`): completion and success kept apart, scores, the
// session's time, the bookmark and suspend data. Pure; the rules are documented in docs/scorm-player.md ("Tracking rules").

export type CompletionStatus = "completed" | "incomplete" | "not attempted" | "unknown";
export type SuccessStatus = "passed" | "failed" | "unknown";

export interface ScoRules {
  /** 1.2 adlcp:masteryscore (0–100), when the manifest has one. */
  masteryScore: number | null;
  /** 2004 cmi.scaled_passing_score from the manifest (−1…1). */
  scaledPassingScore: number | null;
  /** 2004 completion threshold (0–1). */
  completionThreshold: number | null;
}

export const NO_RULES: ScoRules = { masteryScore: null, scaledPassingScore: null, completionThreshold: null };

export interface ScoStatus {
  completionStatus: CompletionStatus;
  successStatus: SuccessStatus;
  scoreRaw: number | null;
  scoreMin: number | null;
  scoreMax: number | null;
  scoreScaled: number | null;
  progressMeasure: number | null;
  /** The session's time so far (session_time is cumulative within a session). */
  sessionSeconds: number;
  /** total_time as the commit carries it (scorm-again sends it on the terminate commit only), else null. */
  reportedTotalSeconds: number | null;
  location: string;
  suspendData: string;
  exit: string;
  entry: string;
  /** The SCO ran in review mode (1.2 core.lesson_mode, 2004 mode): nothing of it is tracked. */
  review: boolean;
  /** Data-model limits the SCO exceeded; the data is kept whole, the attempt log gets these. */
  warnings: string[];
}

type Json = Record<string, unknown>;

const obj = (value: unknown): Json =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : "";
function num(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Accepts the bare cmi object or scorm-again's commit envelope `{ cmi: {…}, adl: … }`. */
export function unwrapCmi(input: Json): Json {
  const inner = obj(input.cmi);
  return Object.keys(inner).length > 0 ? inner : input;
}

/** Whether the SCO ran in review mode (1.2 core.lesson_mode, 2004 mode): nothing is tracked then. */
export function isReviewMode(input: Json): boolean {
  return isReviewCmi(unwrapCmi(input));
}

const isReviewCmi = (cmi: Json) => cmi.mode === "review" || obj(cmi.core).lesson_mode === "review";

export function isScorm12(version: ScormVersion): boolean {
  return version === "scorm12";
}

/** Reads one SCO's CMI. `terminated`: this is the commit of LMSFinish / Terminate. */
export function readScoStatus(
  version: ScormVersion,
  input: Json,
  options: { terminated: boolean; rules?: ScoRules },
): ScoStatus {
  const cmi = unwrapCmi(input);
  const rules = options.rules ?? NO_RULES;
  return isScorm12(version) ? read12(cmi, options.terminated, rules) : read2004(cmi, rules);
}

function read12(cmi: Json, terminated: boolean, rules: ScoRules): ScoStatus {
  const core = obj(cmi.core);
  const score = obj(core.score);
  const raw = num(score.raw);
  const min = num(score.min);
  const max = num(score.max);
  const scaled = raw === null ? null : max !== null && max > 0 ? raw / max : raw / 100;
  const lessonStatus = str(core.lesson_status).trim().toLowerCase();
  const mastery = num(obj(cmi.student_data).mastery_score) ?? rules.masteryScore;
  let completionStatus: CompletionStatus;
  let successStatus: SuccessStatus = "unknown";
  switch (lessonStatus) {
    case "passed":
    case "failed":
      completionStatus = "completed";
      successStatus = lessonStatus;
      break;
    case "completed":
      completionStatus = "completed";
      break;
    case "incomplete":
    case "browsed":
      completionStatus = "incomplete";
      break;
    default:
      // Never set (scorm-again starts at "not attempted"): completed on LMSFinish, as most LMSs do.
      completionStatus = terminated ? "completed" : "not attempted";
  }
  // mastery_override: a SCO that leaves its status at completed/incomplete is judged by the mastery score
  // (for "incomplete", only when it finishes: a quiz half-way through is not yet failed).
  const judged =
    lessonStatus === "completed" || completionStatus === "completed" || (lessonStatus === "incomplete" && terminated);
  if (successStatus === "unknown" && mastery !== null && raw !== null && judged) {
    completionStatus = "completed";
    successStatus = raw >= mastery ? "passed" : "failed";
  }
  const location = str(core.lesson_location);
  const suspendData = str(cmi.suspend_data);
  const warnings: string[] = [];
  if (suspendData.length > 4096)
    warnings.push(`cmi.suspend_data holds ${suspendData.length} characters, past SCORM 1.2's 4,096: kept whole`);
  if (location.length > 255)
    warnings.push(`cmi.core.lesson_location holds ${location.length} characters, past SCORM 1.2's 255: kept whole`);
  return {
    completionStatus,
    successStatus,
    scoreRaw: raw,
    scoreMin: min,
    scoreMax: max,
    scoreScaled: scaled,
    progressMeasure: null,
    sessionSeconds: parseDuration(core.session_time),
    reportedTotalSeconds: core.total_time === undefined ? null : parseDuration(core.total_time),
    location,
    suspendData,
    exit: str(core.exit),
    entry: str(core.entry),
    review: isReviewCmi(cmi),
    warnings,
  };
}

const COMPLETION = new Set<CompletionStatus>(["completed", "incomplete", "not attempted", "unknown"]);
const SUCCESS = new Set<SuccessStatus>(["passed", "failed", "unknown"]);

function read2004(cmi: Json, rules: ScoRules): ScoStatus {
  const score = obj(cmi.score);
  const scaled = num(score.scaled);
  const progress = num(cmi.progress_measure);
  const reportedCompletion = str(cmi.completion_status).toLowerCase() as CompletionStatus;
  const reportedSuccess = str(cmi.success_status).toLowerCase() as SuccessStatus;
  let completionStatus: CompletionStatus = COMPLETION.has(reportedCompletion) ? reportedCompletion : "unknown";
  let successStatus: SuccessStatus = SUCCESS.has(reportedSuccess) ? reportedSuccess : "unknown";
  const threshold = num(cmi.completion_threshold) ?? rules.completionThreshold;
  if (threshold !== null && progress !== null) completionStatus = progress >= threshold ? "completed" : "incomplete";
  const passing = num(cmi.scaled_passing_score) ?? rules.scaledPassingScore;
  if (successStatus === "unknown" && passing !== null && scaled !== null)
    successStatus = scaled >= passing ? "passed" : "failed";
  const location = str(cmi.location);
  const suspendData = str(cmi.suspend_data);
  const warnings: string[] = [];
  if (suspendData.length > 64_000)
    warnings.push(`cmi.suspend_data holds ${suspendData.length} characters, past SCORM 2004's 64,000: kept whole`);
  if (location.length > 1000)
    warnings.push(`cmi.location holds ${location.length} characters, past SCORM 2004's 1,000: kept whole`);
  return {
    completionStatus,
    successStatus,
    scoreRaw: num(score.raw),
    scoreMin: num(score.min),
    scoreMax: num(score.max),
    scoreScaled: scaled,
    progressMeasure: progress,
    sessionSeconds: parseDuration(cmi.session_time),
    reportedTotalSeconds: cmi.total_time === undefined ? null : parseDuration(cmi.total_time),
    location,
    suspendData,
    exit: str(cmi.exit),
    entry: str(cmi.entry),
    review: isReviewCmi(cmi),
    warnings,
  };
}

export interface SessionClock {
  /** Accumulated total including the open session's latest session time. */
  totalTimeSeconds: number;
  /** The open session's latest session time; 0 when no session is open (after a terminate commit). */
  sessionSeconds: number;
}

/**
 * Total time without double counting. session_time is cumulative within a session, so
 * total = total at session start + latest session_time. A terminate commit closes the session (its
 * time is folded in); a session time lower than the open session's means a new session began without a
 * terminate (the old one stays counted). A SCO that never reports session_time gets, on its terminate
 * commit, scorm-again's own wall-clock total (total_time = loaded total + time since Initialize).
 */
export function nextSessionClock(
  previous: SessionClock,
  status: Pick<ScoStatus, "sessionSeconds" | "reportedTotalSeconds">,
  terminated: boolean,
): SessionClock {
  const base =
    status.sessionSeconds < previous.sessionSeconds
      ? previous.totalTimeSeconds
      : previous.totalTimeSeconds - previous.sessionSeconds;
  let session = status.sessionSeconds;
  if (terminated && session === 0 && status.reportedTotalSeconds !== null && status.reportedTotalSeconds > base) {
    session = status.reportedTotalSeconds - base;
  }
  return { totalTimeSeconds: base + session, sessionSeconds: terminated ? 0 : session };
}
