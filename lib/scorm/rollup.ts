import type { CompletionStatus, ScoRules, SuccessStatus } from "@/lib/scorm/cmi-status";
import { scoList } from "@/lib/scorm/sco-list";
import type { ManifestItem, ScormManifest } from "@/lib/scorm/types";

// From the SCOs' states to the attempt's status, and from the attempt to the lesson's progress. Pure.

export interface ScoRollupState {
  scoId: string;
  completionStatus: string;
  successStatus: string;
  scoreScaled: number | null;
  progressMeasure: number | null;
  totalTimeSeconds: number;
}

export interface AttemptRollup {
  completionStatus: CompletionStatus;
  successStatus: SuccessStatus;
  scoreScaled: number | null;
  progressMeasure: number | null;
  totalTimeSeconds: number;
}

/** The package facts the tracking server needs per commit (cached per package: packages never change). */
export interface PackageRules {
  scoIds: string[];
  rules: Map<string, ScoRules>;
  /** completionThreshold.progressWeight per SCO (1 when absent). */
  weights: Map<string, number>;
}

export function packageRules(manifest: ScormManifest): PackageRules {
  const items = new Map<string, ManifestItem>();
  const walk = (list: ManifestItem[]) =>
    list.forEach((item) => (items.set(item.identifier, item), walk(item.children)));
  walk(manifest.organization.items);
  const scoIds = scoList(manifest).map((s) => s.identifier);
  const rules = new Map<string, ScoRules>();
  const weights = new Map<string, number>();
  for (const id of scoIds) {
    const item = items.get(id);
    rules.set(id, {
      masteryScore: item?.masteryScore ?? null,
      scaledPassingScore: item?.scaledPassingScore ?? null,
      completionThreshold: item?.completionThreshold?.minProgressMeasure ?? null,
    });
    weights.set(id, item?.completionThreshold?.progressWeight ?? 1);
  }
  return { scoIds, rules, weights };
}

/** The root activity's rollup from scorm-again's sequencing engine, as the player sends it in globals.rollup. */
export interface SequencingRollup {
  completionStatus?: CompletionStatus;
  successStatus?: SuccessStatus;
  scoreScaled?: number | null;
  progressMeasure?: number | null;
}

const COMPLETIONS: readonly string[] = ["completed", "incomplete", "not attempted", "unknown"];
const SUCCESSES: readonly string[] = ["passed", "failed", "unknown"];

export function readSequencingRollup(globals: unknown): SequencingRollup | null {
  if (!globals || typeof globals !== "object") return null;
  const rollup = (globals as Record<string, unknown>).rollup;
  if (!rollup || typeof rollup !== "object") return null;
  const r = rollup as Record<string, unknown>;
  const result: SequencingRollup = {};
  if (typeof r.completionStatus === "string" && COMPLETIONS.includes(r.completionStatus))
    result.completionStatus = r.completionStatus as CompletionStatus;
  if (typeof r.successStatus === "string" && SUCCESSES.includes(r.successStatus))
    result.successStatus = r.successStatus as SuccessStatus;
  if (typeof r.scoreScaled === "number" && Number.isFinite(r.scoreScaled)) result.scoreScaled = r.scoreScaled;
  if (typeof r.progressMeasure === "number" && Number.isFinite(r.progressMeasure))
    result.progressMeasure = r.progressMeasure;
  return Object.keys(result).length > 0 ? result : null;
}

/**
 * The simple rollup: completed when every SCO of the package is; incomplete once any SCO has state;
 * failed when any SCO failed; passed when at least one passed, none failed and the attempt is completed;
 * score = mean of the SCOs' scaled scores; progress weighted by progressWeight (a completed SCO without a
 * progress_measure counts 1); time = sum. A sequencing rollup from the player (2004) wins field by field.
 */
export function rollupAttempt(
  pkg: Pick<PackageRules, "scoIds" | "weights">,
  states: ScoRollupState[],
  sequencing: SequencingRollup | null = null,
): AttemptRollup {
  const byId = new Map(states.map((s) => [s.scoId, s]));
  const ids = pkg.scoIds.length > 0 ? pkg.scoIds : states.map((s) => s.scoId);
  const allCompleted = ids.length > 0 && ids.every((id) => byId.get(id)?.completionStatus === "completed");
  const completionStatus: CompletionStatus = allCompleted
    ? "completed"
    : states.length > 0
      ? "incomplete"
      : "not attempted";
  const anyFailed = states.some((s) => s.successStatus === "failed");
  const anyPassed = states.some((s) => s.successStatus === "passed");
  const successStatus: SuccessStatus = anyFailed ? "failed" : anyPassed && allCompleted ? "passed" : "unknown";
  const scores = states.map((s) => s.scoreScaled).filter((v): v is number => v !== null);
  const scoreScaled = scores.length > 0 ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  let weighted = 0;
  let weightSum = 0;
  for (const id of ids) {
    const weight = pkg.weights.get(id) ?? 1;
    const state = byId.get(id);
    const progress = state?.progressMeasure ?? (state?.completionStatus === "completed" ? 1 : 0);
    weighted += weight * progress;
    weightSum += weight;
  }
  const progressMeasure = states.length === 0 || weightSum === 0 ? null : weighted / weightSum;
  const totalTimeSeconds = states.reduce((sum, s) => sum + s.totalTimeSeconds, 0);
  const simple: AttemptRollup = { completionStatus, successStatus, scoreScaled, progressMeasure, totalTimeSeconds };
  return sequencing ? { ...simple, ...sequencing, totalTimeSeconds } : simple;
}

export type LessonStatus = "not_started" | "in_progress" | "completed";

/** An attempt completed (passed, or failed after completing) completes the lesson; a completed lesson stays so. */
export function lessonStatusAfter(
  current: LessonStatus | null,
  attempt: Pick<AttemptRollup, "completionStatus" | "successStatus">,
): LessonStatus {
  if (current === "completed") return "completed";
  if (attempt.completionStatus === "completed" || attempt.successStatus === "passed") return "completed";
  return attempt.completionStatus === "not attempted" ? (current ?? "not_started") : "in_progress";
}

export function isAttemptCompleted(attempt: Pick<AttemptRollup, "completionStatus" | "successStatus">): boolean {
  return attempt.completionStatus === "completed" || attempt.successStatus === "passed";
}
