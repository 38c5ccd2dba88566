import { FALLBACK_MESSAGES } from "@/lib/client/fallback-messages";
import type { ScormCommit } from "@/lib/schemas/scorm";

// The SCORM player's outbox for one attempt. Every commit is numbered and written to browser storage
// before the content hears "true"; a sender posts the oldest commits in order and removes them only
// when the server acknowledges them (after its database COMMIT). Storage, fetch, beacons and timers are
// injected, so this file needs no DOM and is unit-tested as plain TypeScript.

export const COMMIT_BATCH_SIZE = 50;
/** A beacon or keepalive request may carry at most 64 KiB; stay below it. */
const BEACON_MAX_BYTES = 60_000;

/** The part of the Storage interface the queue uses (localStorage in the browser). */
export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type CommitDraft = Omit<ScormCommit, "attemptId" | "sequence" | "generation">;

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

export interface CommitAck {
  attemptId: string;
  scoId: string;
  sequence: number;
  applied: boolean;
}

export interface CommitQueueOptions {
  attemptId: string;
  /** The highest sequence the server has applied (ScormAttemptState.lastSequence). */
  lastSequence: number;
  /** POST /api/scorm/commits */
  endpoint: string;
  storage: QueueStorage | null;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  sendBeacon?: ((url: string, data: Blob) => boolean) | undefined;
  random?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Called with every acknowledged commit (the player refreshes the page after a terminate commit). */
  onAcknowledged?: (commits: ScormCommit[]) => void;
  /** The attempt's player generation the launch was read at; every commit carries this queue's generation. */
  generation: number;
}

/** What the server answers a claim: the player's new generation and the attempt as stored now. */
export interface ClaimAnswer {
  generation: number;
  attempt: unknown;
}

interface StoredQueue {
  /** The next sequence number to hand out. */
  next: number;
  commits: ScormCommit[];
}

export function queueStorageKey(attemptId: string): string {
  return `lms.scorm.commits.${attemptId}`;
}

export function rejectedStorageKey(attemptId: string): string {
  return `lms.scorm.rejected.${attemptId}`;
}

/** The generation of the attempt's newest player in this browser: another tab of the attempt hears it at once. */
export function playerStorageKey(attemptId: string): string {
  return `lms.scorm.player.${attemptId}`;
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

export class CommitQueue {
  private readonly options: Required<Pick<CommitQueueOptions, "baseDelayMs" | "maxDelayMs">> & CommitQueueOptions;
  private readonly key: string;
  /** Mirror of the stored queue; the only copy when storage is missing or full. */
  private memory: StoredQueue;
  private state: CommitQueueState = {
    pending: 0,
    failing: false,
    lastError: null,
    rejected: 0,
    refusal: null,
    stored: true,
    superseded: false,
  };
  private readonly listeners = new Set<(state: CommitQueueState) => void>();
  private inFlight: Promise<void> | null = null;
  private timer: unknown = null;
  private failures = 0;
  /** After a 4xx on a batch, send one commit at a time to find the refused one. */
  private isolate = false;
  private generation: number;
  /** Set by claim() until the server answers it: the next batch that holds every pending commit carries it. */
  private claimPending = false;
  /** The sequences this player enqueued (storage also holds what other tabs of the attempt queued). */
  private readonly mine = new Set<number>();
  private disposed = false;
  /**
   * Commits handed to a beacon since the page was last in use: the next beacon of the same departure
   * carries only what came after them (the SCO's final commit, then the activity tree's state), so a large
   * commit already on its way does not crowd them out of the beacon's 64 KiB.
   */
  private readonly beaconed = new Set<number>();

  constructor(options: CommitQueueOptions) {
    this.options = { baseDelayMs: 1_000, maxDelayMs: 60_000, ...options };
    this.generation = options.generation;
    this.key = queueStorageKey(options.attemptId);
    const stored = this.read();
    this.memory = { next: Math.max(stored?.next ?? 0, options.lastSequence + 1), commits: stored?.commits ?? [] };
    this.setState({ pending: this.memory.commits.length });
  }

  getState(): CommitQueueState {
    return this.state;
  }

  subscribe(listener: (state: CommitQueueState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The commits not yet acknowledged, oldest first. */
  pendingCommits(): ScormCommit[] {
    return [...this.load().commits];
  }

  /**
   * Numbers the commit and writes it to storage, synchronously. Returns whether it is safely stored: the
   * content is told "true" only then. A commit that could not be stored is still kept in memory and sent.
   */
  enqueue(draft: CommitDraft): { commit: ScormCommit; stored: boolean } {
    const queue = this.load();
    const commit: ScormCommit = {
      attemptId: this.options.attemptId,
      sequence: queue.next,
      generation: this.generation,
      ...draft,
    };
    // A replaced player keeps nothing: its state is older than the attempt's.
    if (this.state.superseded) return { commit, stored: false };
    this.mine.add(commit.sequence);
    const next: StoredQueue = { next: queue.next + 1, commits: [...queue.commits, commit] };
    const stored = this.write(next);
    this.memory = next;
    this.setState({ pending: next.commits.length, stored });
    this.kick();
    return { commit, stored };
  }

  /**
   * Takes the attempt over for this player: sends what is pending (another tab's or an earlier page's
   * commits, so nothing they hold is lost) with a claim from the launch's generation. Resolves with the
   * server's answer, or null when it could not be reached (the claim then rides on the next batch, and
   * the player starts from the launch's state). A 409: another player took the attempt first.
   */
  async claim(): Promise<ClaimAnswer | null> {
    this.claimPending = true;
    if (this.inFlight) await this.inFlight.catch(() => undefined);
    const commits = this.load().commits;
    if (commits.length > COMMIT_BATCH_SIZE) {
      await this.drain();
      if (this.state.failing) return null;
    }
    const batch = this.load().commits.slice(0, COMMIT_BATCH_SIZE);
    let answer: ClaimAnswer | null = null;
    // In flight like any batch: commits queued meanwhile wait for it rather than race it.
    const sending = (async () => {
      const response = await this.post(batch);
      if (response) answer = (await this.handleAnswer(batch, response)) ?? null;
    })();
    this.inFlight = sending.finally(() => {
      this.inFlight = null;
      if (!this.disposed && this.timer === null && !this.state.failing && this.load().commits.length > 0)
        void this.kick();
    });
    await this.inFlight;
    return answer;
  }

  /** Another tab of this browser took the attempt over (it wrote a newer generation). */
  supersede(generation: number): void {
    if (generation > this.generation) this.becomeSuperseded();
  }

  /** Send now (e.g. back online, page visible again), cancelling a backoff wait. */
  flush(): Promise<void> {
    // The page is in use again: a later departure beacons everything pending, whatever left before.
    this.beaconed.clear();
    if (this.timer !== null) {
      this.options.clearTimer?.(this.timer);
      this.timer = null;
    }
    return this.kick();
  }

  /** Resolves when nothing is pending or the next send fails. */
  async drain(): Promise<void> {
    while (!this.disposed && this.load().commits.length > 0) {
      await this.flush();
      if (this.state.failing) return;
    }
  }

  /**
   * pagehide / visibilitychange=hidden: hands the oldest pending commits to the browser, which sends them
   * even as the page goes away. Fire and forget: nothing is removed; the next page load sends them again
   * and the server ignores the replays.
   */
  flushWithBeacon(): boolean {
    const batch = this.beaconBatch();
    if (!batch) return false;
    const body = JSON.stringify({ commits: batch });
    const handed = () => {
      for (const commit of batch) this.beaconed.add(commit.sequence);
      return true;
    };
    try {
      if (this.options.sendBeacon?.(this.options.endpoint, new Blob([body], { type: "application/json" })))
        return handed();
    } catch {
      // fall through to keepalive
    }
    try {
      void this.options
        .fetch(this.options.endpoint, {
          method: "POST",
          body,
          keepalive: true,
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
        })
        .catch(() => undefined);
      return handed();
    } catch {
      return false;
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.options.clearTimer?.(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private beaconBatch(): ScormCommit[] | null {
    const commits = this.load()
      .commits.filter((commit) => !this.beaconed.has(commit.sequence))
      .slice(0, COMMIT_BATCH_SIZE);
    if (commits.length === 0) return null;
    const batch: ScormCommit[] = [];
    let size = 20;
    for (const commit of commits) {
      const bytes = new Blob([JSON.stringify(commit)]).size + 1;
      if (batch.length > 0 && size + bytes > BEACON_MAX_BYTES) break;
      batch.push(commit);
      size += bytes;
    }
    return batch;
  }

  private kick(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.inFlight) return this.inFlight;
    if (this.timer !== null) return Promise.resolve();
    const queue = this.load();
    if (queue.commits.length === 0) return Promise.resolve();
    const batch = queue.commits.slice(0, this.isolate ? 1 : COMMIT_BATCH_SIZE);
    this.inFlight = this.send(batch).finally(() => {
      this.inFlight = null;
      if (!this.disposed && this.timer === null && !this.state.failing && this.load().commits.length > 0)
        void this.kick();
    });
    return this.inFlight;
  }

  private async send(batch: ScormCommit[]): Promise<void> {
    const response = await this.post(batch);
    if (response) await this.handleAnswer(batch, response);
  }

  /** POSTs the batch (with the claim while one is pending); null after a network error (a retry is scheduled). */
  private async post(batch: ScormCommit[]): Promise<Response | null> {
    // The claim goes with the batch that holds every pending commit: the commits made under the launch's
    // generation are applied before the attempt moves to the next one (after it, they would be refused).
    const claiming = this.claimPending && batch.length === this.load().commits.length;
    const claim = claiming ? { claim: { generation: this.options.generation } } : {};
    try {
      return await this.options.fetch(this.options.endpoint, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ commits: batch, ...claim }),
      });
    } catch (error) {
      this.retryLater(`Network error: ${error instanceof Error ? error.message : String(error)}`, null);
      return null;
    }
  }

  /** Acts on the server's answer to a batch; returns the claim's answer when the batch carried one. */
  private async handleAnswer(batch: ScormCommit[], response: Response): Promise<ClaimAnswer | void> {
    if (response.ok) {
      const { acknowledged, player } = await readAnswer(response, batch);
      if (player) this.claimed(player.generation);
      this.remove(acknowledged);
      this.failures = 0;
      this.isolate = false;
      this.setState({ failing: false, lastError: null });
      const done = batch.filter((commit) => acknowledged.has(commit.sequence));
      if (done.length > 0) this.options.onAcknowledged?.(done);
      return player ?? undefined;
    }
    if (response.status === 409) {
      this.refusedAsStale(batch);
      return;
    }
    const serverMessage = await serverErrorMessage(response);
    const message = serverMessage ?? (response.statusText || "request failed");
    if (isRetryableStatus(response.status)) {
      this.retryLater(`${response.status}: ${message}`, retryAfterMs(response));
      return;
    }
    if (batch.length > 1) {
      // One commit of the batch may be the bad one: go one by one until it is found.
      this.isolate = true;
      this.setState({ lastError: `${response.status}: ${message}` });
      return;
    }
    this.reject(batch, `${response.status}: ${message}`, serverMessage ?? FALLBACK_MESSAGES.scormProgress);
  }

  private claimed(generation: number): void {
    this.claimPending = false;
    this.generation = generation;
    // Own commits made while the claim was on its way (a slow answer) are this player's: they go on under
    // the new generation.
    const queue = this.load();
    if (queue.commits.some((commit) => this.mine.has(commit.sequence))) {
      const next = {
        next: queue.next,
        commits: queue.commits.map((commit) => (this.mine.has(commit.sequence) ? { ...commit, generation } : commit)),
      };
      this.write(next);
      this.memory = next;
    }
    try {
      this.options.storage?.setItem(playerStorageKey(this.options.attemptId), String(generation));
    } catch {
      // other tabs then learn it from their next commit's 409
    }
  }

  /**
   * A 409: a commit of the batch is of an older player generation. Commits an older player of this
   * browser left in storage are dropped (they are not this player's progress, and they are stale); when
   * the refused commits are this player's own, another window took the attempt over.
   */
  private refusedAsStale(batch: ScormCommit[]): void {
    const stale = batch.filter(
      (commit) =>
        !this.mine.has(commit.sequence) && commit.generation !== undefined && commit.generation < this.generation,
    );
    if (stale.length > 0 && !this.claimPending) {
      this.remove(new Set(stale.map((commit) => commit.sequence)));
      this.setState({ failing: false });
      return;
    }
    this.becomeSuperseded();
  }

  private becomeSuperseded(): void {
    if (this.state.superseded) return;
    // This player's unsent commits can never be applied now (their generation is over): left in storage,
    // they would spoil the claim of this browser's next player of the attempt.
    this.remove(new Set([...this.mine]));
    this.disposed = true;
    if (this.timer !== null) this.options.clearTimer?.(this.timer);
    this.timer = null;
    this.setState({ superseded: true, failing: false });
  }

  private retryLater(message: string, retryAfter: number | null): void {
    this.failures += 1;
    const random = this.options.random ?? Math.random;
    const delay = Math.max(
      retryAfter ?? 0,
      backoffDelay(this.failures, this.options.baseDelayMs, this.options.maxDelayMs, random),
    );
    this.setState({ failing: true, lastError: message });
    if (this.disposed || !this.options.setTimer) return;
    this.timer = this.options.setTimer(() => {
      this.timer = null;
      void this.kick();
    }, delay);
  }

  private reject(batch: ScormCommit[], message: string, refusal: string): void {
    const sequences = new Set(batch.map((commit) => commit.sequence));
    try {
      const key = rejectedStorageKey(this.options.attemptId);
      const earlier = JSON.parse(this.options.storage?.getItem(key) ?? "[]") as unknown[];
      this.options.storage?.setItem(
        key,
        JSON.stringify([...earlier, ...batch.map((commit) => ({ commit, message }))].slice(-20)),
      );
    } catch {
      // diagnosis only
    }
    this.remove(sequences);
    this.isolate = false;
    this.setState({ failing: false, lastError: message, rejected: this.state.rejected + batch.length, refusal });
  }

  private remove(sequences: Set<number>): void {
    if (sequences.size === 0) return;
    const queue = this.load();
    const next = { next: queue.next, commits: queue.commits.filter((commit) => !sequences.has(commit.sequence)) };
    this.write(next);
    this.memory = next;
    this.setState({ pending: next.commits.length });
  }

  /** The stored queue merged with memory (another tab of the same attempt may have written meanwhile). */
  private load(): StoredQueue {
    const stored = this.read();
    if (!stored) return this.memory;
    const bySequence = new Map<number, ScormCommit>();
    for (const commit of stored.commits) bySequence.set(commit.sequence, commit);
    // Commits only in memory were never stored (storage full); keep them unless acknowledged since.
    if (!this.state.stored)
      for (const commit of this.memory.commits)
        if (!bySequence.has(commit.sequence)) bySequence.set(commit.sequence, commit);
    const commits = [...bySequence.values()].sort((a, b) => a.sequence - b.sequence);
    return { next: Math.max(stored.next, this.memory.next), commits };
  }

  private read(): StoredQueue | null {
    try {
      const text = this.options.storage?.getItem(this.key);
      if (!text) return null;
      const parsed = JSON.parse(text) as Partial<StoredQueue>;
      if (typeof parsed.next !== "number" || !Array.isArray(parsed.commits)) return null;
      return { next: parsed.next, commits: parsed.commits };
    } catch {
      return null;
    }
  }

  private write(queue: StoredQueue): boolean {
    if (!this.options.storage) return false;
    try {
      this.options.storage.setItem(this.key, JSON.stringify(queue));
      return true;
    } catch {
      return false;
    }
  }

  private setState(patch: Partial<CommitQueueState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}

async function readAnswer(
  response: Response,
  batch: ScormCommit[],
): Promise<{ acknowledged: Set<number>; player: ClaimAnswer | null }> {
  // A 200 means the database committed the whole batch, whatever its body says.
  const all = new Set(batch.map((commit) => commit.sequence));
  try {
    const body = (await response.json()) as { results?: CommitAck[]; player?: ClaimAnswer };
    const player = typeof body.player?.generation === "number" ? body.player : null;
    if (!Array.isArray(body.results)) return { acknowledged: all, player };
    const sent = new Set(batch.map((commit) => commit.sequence));
    const acknowledged = new Set(
      body.results
        .filter((ack) => ack.attemptId === batch[0]?.attemptId && sent.has(ack.sequence))
        .map((ack) => ack.sequence),
    );
    return { acknowledged, player };
  } catch {
    return { acknowledged: all, player: null };
  }
}

/** The `{ error: { message } }` of a failed answer, or null when the server gave none. */
async function serverErrorMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === "string" && body.error.message ? body.error.message : null;
  } catch {
    return null;
  }
}

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get("Retry-After");
  if (!header) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, 5 * 60_000) : null;
}
