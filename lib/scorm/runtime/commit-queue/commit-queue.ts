import type { ScormCommit } from "@/lib/schemas/scorm";
import { attemptStore, type AttemptStore, type QueueStorage } from "@/lib/scorm/runtime/commit-queue/storage";
import {
  beaconBatch,
  initialOutbox,
  numberCommit,
  type ClaimAnswer,
  type CommitDraft,
  type CommitQueueState,
  type Outbox,
} from "@/lib/scorm/runtime/commit-queue/outbox";
import { next, type QueueEffect, type QueueEvent } from "@/lib/scorm/runtime/commit-queue/transition";
import { httpTransport, type CommitTransport } from "@/lib/scorm/runtime/commit-queue/transport";

// The SCORM player's outbox for one attempt. Every commit is numbered and written to browser storage
// before the content hears "true"; batches go out oldest first and leave storage only when the server
// acknowledges them (after its database COMMIT). The decisions are transition.ts's; this class feeds it
// events and carries out its effects with storage, transport and timers, all injected, so it needs no DOM.

export interface CommitQueueOptions {
  attemptId: string;
  /** The highest sequence the server has applied (ScormAttemptState.lastSequence). */
  lastSequence: number;
  /** The attempt's player generation the launch was read at; every commit carries this queue's generation. */
  generation: number;
  /** The visit's commit URL on the content host (launch.content.commitUrl). */
  endpoint: string;
  storage: QueueStorage | null;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  sendBeacon?: ((url: string, data: Blob) => boolean) | undefined;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Called with every acknowledged commit (the player refreshes the page after a terminate commit). */
  onAcknowledged?: (commits: ScormCommit[]) => void;
}

export class CommitQueue {
  private outbox: Outbox;
  private readonly store: AttemptStore;
  private readonly transport: CommitTransport;
  private readonly listeners = new Set<(state: CommitQueueState) => void>();
  private inFlight: Promise<void> | null = null;
  private timer: unknown = null;
  private claimWaiters: ((answer: ClaimAnswer | null) => void)[] = [];

  constructor(private readonly options: CommitQueueOptions) {
    this.store = attemptStore(options.storage, options.attemptId);
    this.transport = httpTransport(options);
    this.outbox = initialOutbox({
      attemptId: options.attemptId,
      generation: options.generation,
      lastSequence: options.lastSequence,
      stored: this.store.read(),
      baseDelayMs: options.baseDelayMs ?? 1_000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
    });
  }

  getState(): CommitQueueState {
    return this.outbox.report;
  }

  subscribe(listener: (state: CommitQueueState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The commits not yet acknowledged, oldest first. */
  pendingCommits(): ScormCommit[] {
    this.sync();
    return [...this.outbox.queue.commits];
  }

  /**
   * Numbers the commit and writes it to storage, synchronously. Returns whether it is safely stored: the
   * content is told "true" only then. A commit that could not be stored is still kept in memory and sent.
   */
  enqueue(draft: CommitDraft): { commit: ScormCommit; stored: boolean } {
    this.sync();
    const commit = numberCommit(this.outbox, draft);
    const isSuperseded = this.outbox.report.superseded;
    this.apply({ type: "enqueued", commit });
    return { commit, stored: !isSuperseded && this.outbox.report.stored };
  }

  /**
   * Takes the attempt over for this player: sends what is pending (another tab's or an earlier page's
   * commits, so nothing they hold is lost) with a claim from the launch's generation. Resolves with the
   * server's answer, or null when it could not be reached (the claim then rides on the next batch, and
   * the player starts from the launch's state). A 409: another player took the attempt first.
   */
  claim(): Promise<ClaimAnswer | null> {
    return new Promise((resolve) => {
      this.claimWaiters.push(resolve);
      this.dispatch({ type: "claimRequested" });
    });
  }

  /** Another tab of this browser took the attempt over (it wrote a newer generation). */
  supersede(generation: number): void {
    this.dispatch({ type: "claimedElsewhere", generation });
  }

  /** Send now (back online, page visible again), cancelling a backoff wait; resolves when that send is answered. */
  flush(): Promise<void> {
    this.dispatch({ type: "flushed" });
    return this.inFlight ?? Promise.resolve();
  }

  /** Resolves when nothing is pending or the next send fails. */
  async drain(): Promise<void> {
    while (!this.outbox.closed && this.pendingCommits().length > 0) {
      await this.flush();
      if (this.outbox.report.failing) return;
    }
  }

  /**
   * pagehide / visibilitychange=hidden: hands the oldest pending commits to the browser, which sends them
   * even as the page goes away. Nothing is removed; the next page load sends them again and the server
   * ignores the replays.
   */
  flushWithBeacon(): boolean {
    this.sync();
    const batch = beaconBatch(this.outbox);
    if (!batch || !this.transport.beacon(batch)) return false;
    this.apply({ type: "beaconed", sequences: batch.map((commit) => commit.sequence) });
    return true;
  }

  dispose(): void {
    this.dispatch({ type: "disposed" });
    this.listeners.clear();
  }

  private dispatch(event: QueueEvent): void {
    this.sync();
    this.apply(event);
  }

  /** Storage may have changed since (another tab of the attempt): the outbox reads it back first. */
  private sync(): void {
    this.apply({ type: "synced", stored: this.store.read() });
  }

  private apply(event: QueueEvent): void {
    const before = this.outbox.report;
    const events = [event];
    for (let current = events.shift(); current; current = events.shift()) {
      const { outbox, effects } = next(this.outbox, current);
      this.outbox = outbox;
      for (const effect of effects) {
        const answer = this.perform(effect);
        if (answer) events.push(answer);
      }
    }
    if (this.outbox.report !== before) for (const listener of this.listeners) listener(this.outbox.report);
  }

  /** Carries out one effect; returns the event that reports its result, when the transition asked for one. */
  private perform(effect: QueueEffect): QueueEvent | null {
    switch (effect.type) {
      case "persist": {
        const ok = this.store.write(effect.queue);
        return effect.report ? { type: "persisted", ok } : null;
      }
      case "post":
        this.post(effect.batch, effect.claim);
        return null;
      case "wait":
        this.timer = this.options.setTimer(() => {
          this.timer = null;
          this.dispatch({ type: "retryDue" });
        }, effect.ms);
        return null;
      case "stopWaiting":
        if (this.timer !== null) this.options.clearTimer(this.timer);
        this.timer = null;
        return null;
      case "acknowledged":
        this.options.onAcknowledged?.(effect.commits);
        return null;
      case "announce":
        this.store.announcePlayer(effect.generation);
        return null;
      case "setAside":
        this.store.setAside(effect.commits, effect.message);
        return null;
      case "claimSettled":
        for (const resolve of this.claimWaiters.splice(0)) resolve(effect.answer);
        return null;
    }
  }

  private post(batch: ScormCommit[], claim: { generation: number } | null): void {
    const random = this.options.random ?? Math.random;
    this.inFlight = this.transport.post(batch, claim).then((outcome) => {
      this.inFlight = null;
      this.dispatch({ type: "answered", outcome, random: random() });
    });
  }
}
