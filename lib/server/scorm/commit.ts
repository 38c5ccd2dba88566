import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { planCommit, readCommit, type CommitPlan, type CommitReading, type StoredSco } from "@/lib/scorm/commit-plan";
import { lessonStatusAfter, type LessonStatus, type PackageRules } from "@/lib/scorm/rollup";
import type { ScormVersion } from "@/lib/scorm/types";
import type { ScormCommit } from "@/lib/schemas/scorm";
import {
  writeCommitSql,
  grantedAttemptSql,
  lockAttemptSql,
  readAttemptSql,
  type AttemptKey,
} from "@/lib/server/scorm/commit-sql";
import { packageRulesOf } from "@/lib/server/scorm/package-rules";
import { lockEnrollments, saveLessonProgress } from "@/lib/server/progress/recompute";
import { claimPlayer, supersededError, type PlayerClaim } from "@/lib/server/scorm/player-lease";
import { recordScormAttemptEvents } from "@/lib/server/xapi/tracking";
import { scormEvents, type ScormEvent } from "@/lib/xapi/tracking-statements";

// The SCORM player's commits, each acknowledged only after it is durable. One commit, from request to
// row: read the attempt (with its SCOs' states), read the commit's CMI once, plan what it changes, write
// the plan in one statement guarded by the attempt's version. The common commit (a SCO's new state) is
// that one statement. A commit that moves the lesson (its status changes, or the SCO's session ends: a
// few per attempt) runs the same statement in a transaction that then writes the lesson's progress and
// the enrollment. A commit that finds the attempt changed since its read reads and plans again; one that
// keeps losing the race locks the attempt first. A commit applies to its SCO only if its sequence is
// higher than the SCO's last one: replays and late duplicates are acknowledged, not applied.

type Tx = Prisma.TransactionClient;

export interface CommitResult {
  attemptId: string;
  scoId: string;
  sequence: number;
  applied: boolean;
}

/** The attempt as readAttemptSql reads it. */
interface AttemptRow {
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
  /** The attempt's rolled-up success status as stored (passed / failed / unknown). */
  successStatus: string;
  /** The learner ended the attempt (exitAll): its state stays, the next launch starts a new one. */
  ended: boolean;
  enrollmentStatus: string;
  scormVersion: ScormVersion;
  lessonStatus: LessonStatus | null;
  superseded: boolean;
  scos: StoredSco[];
}

/** What a content token grants a request (lib/server/scorm/content-host.ts): one attempt of one user, on one organization's host. */
export interface AttemptGrant {
  organizationId: string;
  /** The content host's subdomain, which must be the organization's. */
  subdomain: string;
  userId: string;
  attemptId: string;
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
  const key = { attemptId, organizationId, userId };
  // The first commit's read checks the token's grant in the same statement.
  const [granted] = await queryRows<AttemptRow>(grantedAttemptSql(key, subdomain));
  if (!granted) throw new AppError("NOT_FOUND", "SCORM attempt not found");
  const results: CommitResult[] = [];
  for (const [index, commit] of commits.entries()) {
    results.push(await applyOne(key, commit, index === 0 ? granted : undefined));
  }
  if (!claim) return { results };
  const player = await claimPlayer(organizationId, attemptId, granted.scormVersion, claim.generation);
  return { results, player };
}

/** Reads and plans again this many times when another commit of the attempt got there first; then locks. */
const OPTIMISTIC_TRIES = 3;

async function applyOne(key: AttemptKey, commit: ScormCommit, granted?: AttemptRow): Promise<CommitResult> {
  let read: ReadCommit | undefined;
  for (let tries = 0; tries < OPTIMISTIC_TRIES; tries++) {
    const row = tries === 0 && granted ? granted : await readAttempt(key);
    read ??= await readFor(key.organizationId, row, commit);
    const outcome = await planAndWrite(key.organizationId, row, read);
    if (outcome !== "conflict") return result(commit, outcome === "applied");
  }
  // The lock makes this read the last one before the write: the write cannot conflict.
  return db().$transaction(async (tx) => {
    await queryRows(lockAttemptSql(key), tx);
    const row = await readAttempt(key, tx);
    read ??= await readFor(key.organizationId, row, commit);
    return result(commit, (await planAndWrite(key.organizationId, row, read, tx)) === "applied");
  }, TRANSACTION_OPTIONS);
}

// Under load every pool connection may be busy: wait for one rather than fail the commit (the client retries anyway).
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

const result = (commit: ScormCommit, applied: boolean): CommitResult => ({
  attemptId: commit.attemptId,
  scoId: commit.scoId,
  sequence: commit.sequence,
  applied,
});

async function readAttempt(key: AttemptKey, tx?: Tx): Promise<AttemptRow> {
  const [row] = await queryRows<AttemptRow>(readAttemptSql(key), tx);
  if (!row) throw new AppError("NOT_FOUND", "SCORM attempt not found");
  return row;
}

/** A commit with its CMI read under its package's rules (kept for a commit planned again). */
interface ReadCommit {
  rules: PackageRules;
  reading: CommitReading;
}

async function readFor(organizationId: string, row: AttemptRow, commit: ScormCommit): Promise<ReadCommit> {
  const rules = await packageRulesOf(organizationId, row.packageId);
  return { rules, reading: readCommit(row.scormVersion, rules, commit) };
}

/**
 * Plans the commit against the attempt as read and writes the plan: "skipped" when there is nothing to
 * apply (not tracked, or a replay / older sequence), "conflict" when the attempt changed since the read.
 */
async function planAndWrite(
  organizationId: string,
  row: AttemptRow,
  { rules, reading }: ReadCommit,
  tx?: Tx,
): Promise<"applied" | "skipped" | "conflict"> {
  const { commit } = reading;
  // Another player took the attempt over since this commit's player started: it may hold stale state.
  if (commit.generation !== undefined && commit.generation < row.playerGeneration) throw supersededError();
  // Not tracked: a withdrawn enrollment, an attempt a newer one replaced, content run in review mode.
  if (row.enrollmentStatus === "withdrawn" || row.superseded || reading.review) return "skipped";
  const plan = planCommit(
    rules,
    {
      scos: row.scos,
      globalsSequence: row.globalsSequence,
      globalsRollup: row.globalsRollup,
      sequencingSequence: row.sequencingSequence,
      ended: row.ended,
    },
    reading,
  );
  if (!plan.applySco && !plan.applyGlobals && !plan.applySequencing && !plan.endsAttempt) return "skipped";
  const write = writeCommitSql(organizationId, commit, plan, row.version);
  const lesson = lessonChange(row, commit, plan);
  const events = trackedEvents(row, commit, plan);
  const written = async (client?: Tx) => (await queryRows<{ written: number }>(write, client))[0]?.written === 1;
  if (!lesson && events.length === 0) return (await written(tx)) ? "applied" : "conflict";
  const inTransaction = <T>(fn: (client: Tx) => Promise<T>) =>
    tx ? fn(tx) : db().$transaction(fn, TRANSACTION_OPTIONS);
  return inTransaction(async (client) => {
    if (!(await written(client))) return "conflict";
    await recordScormAttemptEvents(
      client,
      organizationId,
      { attemptId: row.id, courseId: row.courseId, lessonId: row.lessonId, enrollmentId: row.enrollmentId },
      events,
      {
        completed: plan.attemptCompleted || row.completed,
        successStatus: plan.attempt.successStatus,
        scoreScaled: plan.attempt.scoreScaled,
        totalTimeSeconds: plan.attempt.totalTimeSeconds,
      },
    );
    if (lesson) await updateLesson(client, organizationId, row, plan, lesson);
    return "applied";
  });
}

/** The attempt's transitions this commit makes, each an xAPI statement (none for the common commit). */
function trackedEvents(row: AttemptRow, commit: ScormCommit, plan: CommitPlan): ScormEvent[] {
  return scormEvents({
    before: { completed: row.completed, successStatus: row.successStatus },
    after: { completed: plan.attemptCompleted || row.completed, successStatus: plan.attempt.successStatus },
    terminated: commit.terminated === true && plan.applySco,
    exit: plan.sco?.exit ?? null,
    scoId: commit.scoId,
    sequence: commit.sequence,
  });
}

interface LessonChange {
  next: LessonStatus;
  statusChanged: boolean;
}

/** What the commit changes on the lesson's progress, or null when it leaves it alone. */
function lessonChange(row: AttemptRow, commit: ScormCommit, plan: CommitPlan): LessonChange | null {
  const next = lessonStatusAfter(row.lessonStatus, plan.attempt);
  const statusChanged = next !== (row.lessonStatus ?? "not_started");
  const newlyCompleted = plan.attemptCompleted && !row.completed;
  return statusChanged || newlyCompleted || commit.terminated ? { next, statusChanged } : null;
}

async function updateLesson(
  tx: Tx,
  organizationId: string,
  row: AttemptRow,
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
    // A reported progress measure moves the course's percentage too (a part of this lesson). The attempt's
    // statements report the lesson's completion, with the attempt (trackedEvents).
    { now, recount: statusChanged || (!keepsOld && plan.attempt.progressMeasure !== null), completionStatement: false },
  );
}
