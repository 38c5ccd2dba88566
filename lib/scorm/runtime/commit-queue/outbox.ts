import type { ScormCommit } from "@/lib/schemas/scorm";

// The commit queue's state: the commits not yet acknowledged (as storage holds them, merged with what this
// player holds), what is on its way, and what the player is shown. transition.ts moves it on.

export const COMMIT_BATCH_SIZE = 50;
/** A beacon or keepalive request may carry at most 64 KiB; stay below it. */
const BEACON_MAX_BYTES = 60_000;

export type CommitDraft = Omit<ScormCommit, "attemptId" | "sequence" | "generation">;

/** What the player shows of the queue (the save status) and the runtime acts on (superseded). */
export interface CommitQueueState {
  /** Commits not yet acknowledged by the server. */
  pending: number;
  /** True while the last attempt to send failed and a retry is scheduled. */
  failing: boolean;
  lastError: string | null;
  /** Commits the server refused for good (4xx); kept in storage under the rejected key, never retried. */
  rejected: number;
  /** What the learner is told about the last refused commit: the server's message, or the spec's fallback. */
  refusal: string | null;
  /** False when the last commit could not be written to browser storage (kept in memory only). */
  stored: boolean;
  /** The attempt was opened in another window: this player's commits are refused, it commits no more. */
  superseded: boolean;
}

/** The queue as browser storage holds it (shared by every tab of the attempt). */
export interface StoredQueue {
  /** The next sequence number to hand out. */
  next: number;
  commits: ScormCommit[];
}

/** What the server answers a claim: the player's new generation and the attempt as stored now. */
export interface ClaimAnswer {
  generation: number;
  attempt: unknown;
}

export interface Outbox {
  attemptId: string;
  /** The generation the launch was read at: what a claim takes the attempt over from. */
  launchGeneration: number;
  /** The generation this player's commits carry (a claim's answer moves it on). */
  generation: number;
  /** The stored queue merged with what this player holds (the only copy when storage is missing or full). */
  queue: StoredQueue;
  /** The sequences this player numbered (storage also holds what other tabs of the attempt queued). */
  mine: ReadonlySet<number>;
  /**
   * Commits handed to a beacon since the page was last in use: the next beacon of the same departure
   * carries only what came after them, so a large commit already on its way does not crowd them out.
   */
  beaconed: ReadonlySet<number>;
  /** The batch on its way, and whether it carries the claim. */
  sending: { batch: ScormCommit[]; claim: boolean } | null;
  /** A retry is scheduled. */
  waiting: boolean;
  /** Failed sends in a row (the backoff's exponent). */
  failures: number;
  /** After a 4xx on a batch, one commit at a time until the refused one is found. */
  isolate: boolean;
  /** The next batch that holds every pending commit carries a claim from the launch's generation. */
  claimPending: boolean;
  /** Someone waits for the claim's answer: it is sent even with nothing pending. */
  claimAwaited: boolean;
  /** Disposed or superseded: nothing more is sent or scheduled. */
  closed: boolean;
  backoff: { baseMs: number; maxMs: number };
  report: CommitQueueState;
}

export const IDLE_QUEUE: CommitQueueState = {
  pending: 0,
  failing: false,
  lastError: null,
  rejected: 0,
  refusal: null,
  stored: true,
  superseded: false,
};

export function initialOutbox(start: {
  attemptId: string;
  generation: number;
  /** The highest sequence the server has applied (ScormAttemptState.lastSequence). */
  lastSequence: number;
  stored: StoredQueue | null;
  baseDelayMs: number;
  maxDelayMs: number;
}): Outbox {
  const queue = {
    next: Math.max(start.stored?.next ?? 0, start.lastSequence + 1),
    commits: start.stored?.commits ?? [],
  };
  return {
    attemptId: start.attemptId,
    launchGeneration: start.generation,
    generation: start.generation,
    queue,
    mine: new Set(),
    beaconed: new Set(),
    sending: null,
    waiting: false,
    failures: 0,
    isolate: false,
    claimPending: false,
    claimAwaited: false,
    closed: false,
    backoff: { baseMs: start.baseDelayMs, maxMs: start.maxDelayMs },
    report: { ...IDLE_QUEUE, pending: queue.commits.length },
  };
}

/** The draft as the next commit of this player: numbered after everything stored, with its generation. */
export function numberCommit(outbox: Outbox, draft: CommitDraft): ScormCommit {
  return { attemptId: outbox.attemptId, sequence: outbox.queue.next, generation: outbox.generation, ...draft };
}

/** The oldest pending commits not yet handed to a beacon of this departure, as many as fit in one. */
export function beaconBatch(outbox: Outbox): ScormCommit[] | null {
  const commits = outbox.queue.commits
    .filter((commit) => !outbox.beaconed.has(commit.sequence))
    .slice(0, COMMIT_BATCH_SIZE);
  if (commits.length === 0) return null;
  const batch: ScormCommit[] = [];
  let size = 20;
  for (const commit of commits) {
    const bytes = new TextEncoder().encode(JSON.stringify(commit)).length + 1;
    if (batch.length > 0 && size + bytes > BEACON_MAX_BYTES) break;
    batch.push(commit);
    size += bytes;
  }
  return batch;
}
