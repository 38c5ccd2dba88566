import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isReviewMode } from "@/lib/scorm/cmi-status";
import { planCommit, type CommitPlan, type StoredSco } from "@/lib/scorm/commit-plan";
import { lessonStatusAfter, packageRules, type LessonStatus, type PackageRules } from "@/lib/scorm/rollup";
import type { ScormManifest, ScormVersion } from "@/lib/scorm/types";
import type { ScormCommit } from "@/lib/schemas/scorm";
import {
  grantedAttemptSql,
  lockAttemptSql,
  packageManifestSql,
  readAttemptSql,
  updateAttemptSql,
  upsertScoSql,
  writeCommitSql,
  type AttemptWrite,
  type ScoRow,
} from "@/lib/server/scorm/commit-sql";
import { v7 as uuidV7 } from "uuid";
import { lockEnrollments, saveLessonProgress } from "@/lib/server/progress/recompute";
import { claimPlayer, supersededError, type PlayerClaim } from "@/lib/server/scorm/player-lease";

// The SCORM player's commits: each in its own transaction, acknowledged only after COMMIT. A commit
// applies to its SCO only if its sequence is higher than the SCO's last one (replays and late
// duplicates are acknowledged, not applied). The common commit is two statements: read the attempt (with
// the SCOs' states), then write the attempt's rollup and the SCO in one statement that only applies if
// the attempt is still as read. The lesson's progress and the enrollment are written only when the
// lesson's status changes or the SCO terminates, in a transaction that locks the attempt.

type Tx = Prisma.TransactionClient;

export interface CommitResult {
  attemptId: string;
  scoId: string;
  sequence: number;
  applied: boolean;
}

export interface LockedRow {
  id: string;
  /** The attempt row's xmin: changes with every write of the attempt. */
  version: string;
  /** The generation of the player that holds the attempt (player-lease.ts). */
  playerGeneration: number;
  courseId: string;
  enrollmentId: string;
  lessonId: string;
  packageId: string;
  globalsSequence: number;
  globalsRollup: unknown;
  sequencingSequence: number;
  completed: boolean;
  /** The learner ended the attempt (exitAll): its state stays, the next launch starts a new one. */
  ended: boolean;
  enrollmentStatus: string;
  scormVersion: ScormVersion;
  lessonStatus: LessonStatus | null;
  superseded: boolean;
  scos: StoredSco[] | string;
}

/** What a content token grants a request (lib/server/scorm/content-host.ts): one attempt of one user, on one organization's host. */
export interface AttemptGrant {
  organizationId: string;
  /** The content host's subdomain, which must be the organization's. */
  subdomain: string;
  userId: string;
  attemptId: string;
}

/** The attempt as read for the request's first commit (with the grant's check), reused by that commit. */
interface PrefetchedAttempt {
  attemptId: string;
  row: LockedRow;
}

export interface CommitBatchResult {
  results: CommitResult[];
  /** When the batch claimed the attempt for its player: the new generation and the attempt's state. */
  player?: PlayerClaim;
}

/**
 * Applies the commits in order, then the claim if there is one; every commit must be of the granted
 * attempt (the endpoint checks it).
 */
export async function applyScormCommits(
  grant: AttemptGrant,
  commits: ScormCommit[],
  claim?: { generation: number },
): Promise<CommitBatchResult> {
  const { organizationId, userId, attemptId, subdomain } = grant;
  const [granted] = await queryRows<LockedRow>(grantedAttemptSql({ attemptId, organizationId, userId }, subdomain));
  if (!granted) throw new AppError("NOT_FOUND", "SCORM attempt not found");
  const results: CommitResult[] = [];
  for (const [index, commit] of commits.entries()) {
    const read = index === 0 ? { attemptId, row: granted } : undefined;
    results.push(await applyOne(organizationId, userId, commit, read));
  }
  if (!claim) return { results };
  const player = await claimPlayer(organizationId, attemptId, granted.scormVersion, claim.generation);
  return { results, player };
}

async function applyOne(
  organizationId: string,
  userId: string,
  commit: ScormCommit,
  prefetched?: PrefetchedAttempt,
): Promise<CommitResult> {
  // The common commit (a SCO's new state, the lesson's status unchanged) is two statements without a
  // transaction: read the attempt, then write the attempt and the SCO in one statement guarded by the
  // attempt's version (writeCommitSql). A Prisma interactive transaction costs more CPU than the commit,
  // and each statement of a transaction a round trip (docs/benchmarks.md).
  for (let tries = 0; tries < OPTIMISTIC_TRIES; tries++) {
    const outcome = await applyOptimistic(organizationId, userId, commit, tries === 0 ? prefetched : undefined);
    if (outcome === NEEDS_TRANSACTION) break;
    if (outcome !== RETRY) return outcome;
  }
  // The rest — a commit that changes the lesson's status or ends the SCO's session (a few per attempt),
  // one that only carries globals, or one that kept losing the race — in a transaction that locks the
  // attempt and writes the lesson's progress and the enrollment with the shared Prisma helpers.
  return db().$transaction(
    async (tx) => {
      const key = { attemptId: commit.attemptId, organizationId, userId };
      await queryRows(lockAttemptSql(key), tx);
      const [row] = await queryRows<LockedRow>(readAttemptSql(key), tx);
      const planned = await planFor(organizationId, row, commit);
      if (!planned) return unapplied(commit);
      const { plan, lesson } = planned;
      if (plan.sco) await queryRows(upsertScoSql(scoRow(organizationId, commit, plan.sco)), tx);
      await queryRows(updateAttemptSql(attemptWrite(organizationId, commit, plan)), tx);
      if (lesson) await updateLesson(tx, organizationId, row!, plan, lesson);
      return { ...unapplied(commit), applied: true };
    },
    // Under load every pool connection may be busy: wait for one rather than fail the commit (the client retries anyway).
    { maxWait: 10_000, timeout: 15_000 },
  );
}

const OPTIMISTIC_TRIES = 3;
const RETRY = Symbol("another commit of the attempt got there first");
const NEEDS_TRANSACTION = Symbol("needs the locking transaction");

const unapplied = (commit: ScormCommit): CommitResult => ({
  attemptId: commit.attemptId,
  scoId: commit.scoId,
  sequence: commit.sequence,
  applied: false,
});

async function applyOptimistic(
  organizationId: string,
  userId: string,
  commit: ScormCommit,
  prefetched: PrefetchedAttempt | undefined,
): Promise<CommitResult | typeof RETRY | typeof NEEDS_TRANSACTION> {
  const row = prefetched
    ? prefetched.row
    : (await queryRows<LockedRow>(readAttemptSql({ attemptId: commit.attemptId, organizationId, userId })))[0];
  const planned = await planFor(organizationId, row, commit);
  if (!planned) return unapplied(commit);
  const { plan, lesson } = planned;
  if (lesson || !plan.sco || plan.applySequencing || plan.endsAttempt) return NEEDS_TRANSACTION;
  const write = writeCommitSql(
    attemptWrite(organizationId, commit, plan),
    row!.version,
    scoRow(organizationId, commit, plan.sco),
  );
  const [written] = await queryRows<{ written: number }>(write);
  return written?.written === 1 ? { ...unapplied(commit), applied: true } : RETRY;
}

/** The commit's plan against the attempt as read, or null when it is not applied (not tracked, or a replay / older sequence). */
async function planFor(
  organizationId: string,
  row: LockedRow | undefined,
  commit: ScormCommit,
): Promise<{ plan: CommitPlan; lesson: LessonChange | null } | null> {
  if (!row) throw new AppError("NOT_FOUND", "SCORM attempt not found");
  // Another player took the attempt over since this commit's player started: it may hold stale state.
  if (commit.generation !== undefined && commit.generation < row.playerGeneration) throw supersededError();
  // Not tracked: a withdrawn enrollment, an attempt a newer one replaced, content run in review mode.
  if (row.enrollmentStatus === "withdrawn" || row.superseded || (commit.cmi && isReviewMode(commit.cmi))) return null;
  const pkg = await rulesOf(organizationId, row.packageId);
  const scos = typeof row.scos === "string" ? (JSON.parse(row.scos) as StoredSco[]) : row.scos;
  const plan = planCommit(
    row.scormVersion,
    pkg,
    {
      scos,
      globalsSequence: row.globalsSequence,
      globalsRollup: row.globalsRollup,
      sequencingSequence: row.sequencingSequence,
      ended: row.ended,
    },
    commit,
  );
  if (!plan.applySco && !plan.applyGlobals && !plan.applySequencing && !plan.endsAttempt) return null;
  return { plan, lesson: lessonChange(row, commit, plan) };
}

/** The SCO's state a commit writes (shared with the benchmark's ceiling). */
export function scoRow(organizationId: string, commit: ScormCommit, sco: NonNullable<CommitPlan["sco"]>): ScoRow {
  return {
    id: uuidV7(),
    organizationId,
    attemptId: commit.attemptId,
    scoId: commit.scoId,
    cmi: JSON.stringify(commit.cmi),
    sequence: commit.sequence,
    completionStatus: sco.completionStatus,
    successStatus: sco.successStatus,
    scoreRaw: sco.scoreRaw,
    scoreMin: sco.scoreMin,
    scoreMax: sco.scoreMax,
    scoreScaled: sco.scoreScaled,
    progressMeasure: sco.progressMeasure,
    totalTimeSeconds: sco.totalTimeSeconds,
    sessionSeconds: sco.sessionSecondsOpen,
    location: sco.location,
    suspendData: sco.suspendData,
    exit: sco.exit,
  };
}

/** What a commit writes on its attempt (shared with the benchmark's ceiling). */
export function attemptWrite(organizationId: string, commit: ScormCommit, plan: CommitPlan): AttemptWrite {
  const a = plan.attempt;
  return {
    attemptId: commit.attemptId,
    organizationId,
    completionStatus: a.completionStatus,
    successStatus: a.successStatus,
    scoreScaled: a.scoreScaled,
    progressMeasure: a.progressMeasure,
    totalTimeSeconds: a.totalTimeSeconds,
    globals: plan.applyGlobals ? JSON.stringify(commit.globals) : null,
    sequence: commit.sequence,
    scoId: commit.scoId,
    log: plan.log.length > 0 ? JSON.stringify(plan.log) : null,
    completed: plan.attemptCompleted,
    sequencingState: plan.applySequencing ? JSON.stringify(commit.sequencing) : null,
    ended: plan.endsAttempt,
  };
}

interface LessonChange {
  next: LessonStatus;
  statusChanged: boolean;
}

/** What the commit changes on the lesson's progress, or null when it leaves it alone. */
function lessonChange(row: LockedRow, commit: ScormCommit, plan: CommitPlan): LessonChange | null {
  const next = lessonStatusAfter(row.lessonStatus, plan.attempt);
  const statusChanged = next !== (row.lessonStatus ?? "not_started");
  const newlyCompleted = plan.attemptCompleted && !row.completed;
  return statusChanged || newlyCompleted || commit.terminated ? { next, statusChanged } : null;
}

async function updateLesson(
  tx: Tx,
  organizationId: string,
  row: LockedRow,
  plan: CommitPlan,
  { next, statusChanged }: LessonChange,
) {
  const { enrollmentId, lessonId, courseId } = row;
  await lockEnrollments(tx, organizationId, [enrollmentId]);
  const now = new Date();
  // The lesson shows the attempt being played, except that a later attempt does not undo a completion:
  // then only an attempt that completes too replaces the result.
  const keepsOld = row.lessonStatus === "completed" && !plan.attemptCompleted;
  const result = keepsOld
    ? {}
    : {
        successStatus: plan.attempt.successStatus,
        scoreScaled: plan.attempt.scoreScaled,
        progressMeasure: plan.attempt.progressMeasure,
        timeSpentSeconds: Math.round(plan.attempt.totalTimeSeconds),
      };
  // A lesson gets its completion time when it becomes completed (a new row counts as a change from not_started).
  const completedAt = statusChanged && next === "completed" ? { completedAt: now } : {};
  await saveLessonProgress(
    tx,
    organizationId,
    { courseId, enrollmentId, lessonId },
    { status: next, ...completedAt, ...result },
    // A reported progress measure moves the course's percentage too (a part of this lesson).
    { now, recount: statusChanged || (!keepsOld && plan.attempt.progressMeasure !== null) },
  );
}

// Packages never change once stored (a re-upload is a new row), so their rules are cached by id.
const RULES_CACHE_LIMIT = 500;
const rulesCache = new Map<string, PackageRules>();

export async function rulesOf(organizationId: string, packageId: string): Promise<PackageRules> {
  const cached = rulesCache.get(packageId);
  if (cached) return cached;
  const [row] = await queryRows<{ manifest: ScormManifest }>(packageManifestSql(packageId, organizationId));
  if (!row) throw new AppError("NOT_FOUND", "SCORM package not found");
  const rules = packageRules(row.manifest);
  if (rulesCache.size >= RULES_CACHE_LIMIT) rulesCache.delete(rulesCache.keys().next().value!);
  rulesCache.set(packageId, rules);
  return rules;
}
