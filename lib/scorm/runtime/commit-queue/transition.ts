import { FALLBACK_MESSAGES } from "@/lib/client/fallback-messages";
import type { ScormCommit } from "@/lib/schemas/scorm";
import {
  COMMIT_BATCH_SIZE,
  type ClaimAnswer,
  type CommitQueueState,
  type Outbox,
  type StoredQueue,
} from "@/lib/scorm/runtime/commit-queue/outbox";

// The commit queue's decisions, as one pure transition: from the queue's state and what happened (a commit
// made, the server's answer, a retry's time, another window's claim) to the next state and what to do
// (write storage, post a batch, wait). No storage, network or timers here: commit-queue.ts carries the
// effects out with storage.ts and transport.ts.

/** The server's answer to a batch, as transport.ts reads it. */
export type SendOutcome =
  | { kind: "accepted"; acknowledged: ReadonlySet<number>; player: ClaimAnswer | null }
  | { kind: "unreachable"; message: string }
  | { kind: "refused"; status: number; message: string; serverMessage: string | null; retryAfterMs: number | null };

export type QueueEvent =
  /** Storage as read now: another tab of the attempt may have written since. */
  | { type: "synced"; stored: StoredQueue | null }
  | { type: "enqueued"; commit: ScormCommit }
  /** Whether the commit just enqueued reached storage. */
  | { type: "persisted"; ok: boolean }
  /** Send now (back online, visible again), cancelling a backoff wait. */
  | { type: "flushed" }
  /** Take the attempt over for this player (one attempt, one live player). */
  | { type: "claimRequested" }
  /** `random`: the jitter's draw in [0, 1), for a retry's delay. */
  | { type: "answered"; outcome: SendOutcome; random: number }
  | { type: "retryDue" }
  | { type: "beaconed"; sequences: number[] }
  /** Another tab of this browser took the attempt over with this generation. */
  | { type: "claimedElsewhere"; generation: number }
  | { type: "disposed" };

export type QueueEffect =
  /** Write the queue to storage; `report`: answer with `persisted`. */
  | { type: "persist"; queue: StoredQueue; report: boolean }
  | { type: "post"; batch: ScormCommit[]; claim: { generation: number } | null }
  | { type: "wait"; ms: number }
  | { type: "stopWaiting" }
  | { type: "acknowledged"; commits: ScormCommit[] }
  /** Tell the attempt's other tabs in this browser the new generation (storage.ts's player key). */
  | { type: "announce"; generation: number }
  /** Keep refused commits aside for diagnosis (storage.ts's rejected key). */
  | { type: "setAside"; commits: ScormCommit[]; message: string }
  | { type: "claimSettled"; answer: ClaimAnswer | null };

export interface Transition {
  outbox: Outbox;
  effects: QueueEffect[];
}

export function next(outbox: Outbox, event: QueueEvent): Transition {
  switch (event.type) {
    case "synced":
      return done(withQueue(outbox, merged(outbox, event.stored)));
    case "enqueued":
      return enqueued(outbox, event.commit);
    case "persisted":
      return done(reported(outbox, { stored: event.ok }));
    case "flushed":
      return sendIfDue(stopWaiting({ outbox: { ...outbox, beaconed: new Set() }, effects: [] }));
    case "claimRequested":
      return sendIfDue(stopWaiting({ outbox: { ...outbox, claimPending: true, claimAwaited: true }, effects: [] }));
    case "answered":
      return answered(outbox, event.outcome, event.random);
    case "retryDue":
      return sendIfDue({ outbox: { ...outbox, waiting: false }, effects: [] });
    case "beaconed":
      return done({ ...outbox, beaconed: new Set([...outbox.beaconed, ...event.sequences]) });
    case "claimedElsewhere":
      return event.generation > outbox.generation ? superseded(outbox) : done(outbox);
    case "disposed":
      return settleClaim(stopWaiting({ outbox: { ...outbox, closed: true }, effects: [] }), null);
  }
}

/** Exponential backoff with jitter: half the window fixed, half random ("equal jitter"). */
export function backoffDelay(failures: number, baseMs: number, maxMs: number, random: () => number): number {
  const window = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(window / 2 + (random() * window) / 2);
}

/** Whether a failed HTTP status is worth retrying (the endpoint's contract). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 401 || status === 408 || status === 429;
}

function enqueued(outbox: Outbox, commit: ScormCommit): Transition {
  // A replaced player keeps nothing: its state is older than the attempt's.
  if (outbox.report.superseded) return done(outbox);
  const queue = { next: commit.sequence + 1, commits: [...outbox.queue.commits, commit] };
  const kept = withQueue({ ...outbox, mine: new Set([...outbox.mine, commit.sequence]) }, queue);
  return sendIfDue({ outbox: kept, effects: [{ type: "persist", queue, report: true }] });
}

function answered(before: Outbox, outcome: SendOutcome, random: number): Transition {
  const sending = before.sending ?? { batch: [], claim: false };
  const outbox = { ...before, sending: null };
  let step: Transition;
  if (outcome.kind === "accepted") step = accepted(outbox, sending.batch, outcome);
  else if (outcome.kind === "unreachable") step = retryLater(outbox, `Network error: ${outcome.message}`, null, random);
  else if (outcome.status === 409) step = refusedAsStale(outbox, sending.batch);
  else if (isRetryableStatus(outcome.status))
    step = retryLater(outbox, `${outcome.status}: ${outcome.message}`, outcome.retryAfterMs, random);
  else if (sending.batch.length > 1)
    // One commit of the batch may be the bad one: go one by one until it is found.
    step = done(reported({ ...outbox, isolate: true }, { lastError: `${outcome.status}: ${outcome.message}` }));
  else
    step = rejected(
      outbox,
      sending.batch,
      `${outcome.status}: ${outcome.message}`,
      outcome.serverMessage ?? FALLBACK_MESSAGES.scormProgress,
    );
  // A claim waited for settles with its own answer, or as soon as sending fails: the player starts anyway.
  if (sending.claim || step.outbox.report.failing || step.outbox.closed)
    step = settleClaim(step, outcome.kind === "accepted" ? outcome.player : null);
  // The next batch goes at once, unless sending is failing: then its retry, a new commit or a flush sends it.
  return step.outbox.report.failing ? step : sendIfDue(step);
}

function accepted(outbox: Outbox, batch: ScormCommit[], outcome: SendOutcome & { kind: "accepted" }): Transition {
  let step = done(outbox);
  if (outcome.player) step = claimed(step.outbox, outcome.player.generation);
  step = removed(step, outcome.acknowledged);
  step = {
    outbox: reported({ ...step.outbox, failures: 0, isolate: false }, { failing: false, lastError: null }),
    effects: step.effects,
  };
  const acknowledged = batch.filter((commit) => outcome.acknowledged.has(commit.sequence));
  return acknowledged.length > 0 ? also(step, { type: "acknowledged", commits: acknowledged }) : step;
}

/** The server gave this player the attempt under a new generation. */
function claimed(outbox: Outbox, generation: number): Transition {
  // Own commits made while the claim was on its way (a slow answer) are this player's: they go on under
  // the new generation.
  const effects: QueueEffect[] = [];
  let queue = outbox.queue;
  if (queue.commits.some((commit) => outbox.mine.has(commit.sequence))) {
    queue = {
      next: queue.next,
      commits: queue.commits.map((commit) => (outbox.mine.has(commit.sequence) ? { ...commit, generation } : commit)),
    };
    effects.push({ type: "persist", queue, report: false });
  }
  effects.push({ type: "announce", generation });
  return { outbox: { ...outbox, queue, generation, claimPending: false }, effects };
}

/**
 * A 409: a commit of the batch is of an older player generation. Commits an older player of this browser
 * left in storage are dropped (they are not this player's progress, and they are stale); when the refused
 * commits are this player's own, another window took the attempt over.
 */
function refusedAsStale(outbox: Outbox, batch: ScormCommit[]): Transition {
  const stale = batch.filter(
    (commit) =>
      !outbox.mine.has(commit.sequence) && commit.generation !== undefined && commit.generation < outbox.generation,
  );
  if (stale.length === 0 || outbox.claimPending) return superseded(outbox);
  const step = removed(done(outbox), new Set(stale.map((commit) => commit.sequence)));
  return { outbox: reported(step.outbox, { failing: false }), effects: step.effects };
}

function superseded(outbox: Outbox): Transition {
  if (outbox.report.superseded) return done(outbox);
  // This player's unsent commits can never be applied now (their generation is over): left in storage,
  // they would spoil the claim of this browser's next player of the attempt.
  const step = stopWaiting(removed(done({ ...outbox, closed: true }), outbox.mine));
  return settleClaim(
    { outbox: reported(step.outbox, { superseded: true, failing: false }), effects: step.effects },
    null,
  );
}

function retryLater(outbox: Outbox, message: string, retryAfterMs: number | null, random: number): Transition {
  const failures = outbox.failures + 1;
  const failing = reported({ ...outbox, failures }, { failing: true, lastError: message });
  if (failing.closed) return done(failing);
  const { baseMs, maxMs } = outbox.backoff;
  const ms = Math.max(
    retryAfterMs ?? 0,
    backoffDelay(failures, baseMs, maxMs, () => random),
  );
  return { outbox: { ...failing, waiting: true }, effects: [{ type: "wait", ms }] };
}

function rejected(outbox: Outbox, batch: ScormCommit[], message: string, refusal: string): Transition {
  const step = removed(
    { outbox, effects: [{ type: "setAside", commits: batch, message }] },
    new Set(batch.map((commit) => commit.sequence)),
  );
  const report = {
    failing: false,
    lastError: message,
    rejected: outbox.report.rejected + batch.length,
    refusal,
  };
  return { outbox: reported({ ...step.outbox, isolate: false }, report), effects: step.effects };
}

function removed(step: Transition, sequences: ReadonlySet<number>): Transition {
  const { queue } = step.outbox;
  if (sequences.size === 0) return step;
  const kept = { next: queue.next, commits: queue.commits.filter((commit) => !sequences.has(commit.sequence)) };
  return {
    outbox: withQueue(step.outbox, kept),
    effects: [...step.effects, { type: "persist", queue: kept, report: false }],
  };
}

function stopWaiting(step: Transition): Transition {
  if (!step.outbox.waiting) return step;
  return { outbox: { ...step.outbox, waiting: false }, effects: [...step.effects, { type: "stopWaiting" }] };
}

/** The claim someone waits for is answered (null: not now; it still rides on the batch that holds everything). */
function settleClaim(step: Transition, answer: ClaimAnswer | null): Transition {
  if (!step.outbox.claimAwaited) return step;
  return also(
    { outbox: { ...step.outbox, claimAwaited: false }, effects: step.effects },
    { type: "claimSettled", answer },
  );
}

/** Posts the next batch when nothing is on its way or scheduled and there is something to send. */
function sendIfDue(step: Transition): Transition {
  const { outbox } = step;
  const { commits } = outbox.queue;
  if (outbox.closed || outbox.sending || outbox.waiting) return step;
  if (commits.length === 0 && !outbox.claimAwaited) return step;
  const batch = commits.slice(0, outbox.isolate ? 1 : COMMIT_BATCH_SIZE);
  // The claim goes with the batch that holds every pending commit: the commits made under the launch's
  // generation are applied before the attempt moves to the next one (after it, they would be refused).
  const claim = outbox.claimPending && batch.length === commits.length;
  return also(
    { outbox: { ...outbox, sending: { batch, claim } }, effects: step.effects },
    { type: "post", batch, claim: claim ? { generation: outbox.launchGeneration } : null },
  );
}

/** The stored queue merged with this player's (another tab of the same attempt may have written meanwhile). */
function merged(outbox: Outbox, stored: StoredQueue | null): StoredQueue {
  if (!stored) return outbox.queue;
  const bySequence = new Map<number, ScormCommit>();
  for (const commit of stored.commits) bySequence.set(commit.sequence, commit);
  // Commits only held here were never stored (storage full); keep them unless acknowledged since.
  if (!outbox.report.stored)
    for (const commit of outbox.queue.commits)
      if (!bySequence.has(commit.sequence)) bySequence.set(commit.sequence, commit);
  const commits = [...bySequence.values()].sort((a, b) => a.sequence - b.sequence);
  return { next: Math.max(stored.next, outbox.queue.next), commits };
}

function withQueue(outbox: Outbox, queue: StoredQueue): Outbox {
  return reported({ ...outbox, queue }, { pending: queue.commits.length });
}

/** The outbox with its report patched; the same report object when nothing in it changed. */
function reported(outbox: Outbox, patch: Partial<CommitQueueState>): Outbox {
  const changed = (Object.keys(patch) as (keyof CommitQueueState)[]).some((key) => patch[key] !== outbox.report[key]);
  return changed ? { ...outbox, report: { ...outbox.report, ...patch } } : outbox;
}

function done(outbox: Outbox): Transition {
  return { outbox, effects: [] };
}

function also(step: Transition, effect: QueueEffect): Transition {
  return { outbox: step.outbox, effects: [...step.effects, effect] };
}
