import {
  answerStore,
  type AnswerStorage,
  type AnswerStore,
  type QueuedAnswer,
} from "@/components/quizzes/answer-store";
import { backoffDelay, type AnswerTransport, type SaveOutcome } from "@/components/quizzes/answer-transport";
import type { QuizResponse } from "@/components/quizzes/quiz-api";

// The quiz player's outbox for one attempt, after the SCORM commit queue: every answer is numbered and
// written to browser storage before it is sent, sent oldest first, and leaves storage only once the server
// acknowledges it. Failures are retried with backoff; a reload or another tab of the attempt in this
// browser sends what is left. Storage, transport and timers are injected, so it needs no DOM.

export interface AnswerQueueState {
  /** Answers not yet acknowledged by the server. */
  pending: number;
  /** The last send failed and a retry is scheduled. */
  failing: boolean;
  lastError: string | null;
  /** The server's message for the last answer it refused for good. */
  refusal: string | null;
  /** False when the last answer could not be written to browser storage (kept in memory only). */
  stored: boolean;
  /** Another window or device took the attempt: this one saves nothing more. */
  replaced: boolean;
  /** The attempt takes no more answers (submitted, or the time is up): the server's message. */
  ended: string | null;
}

export const IDLE_ANSWER_QUEUE: AnswerQueueState = {
  pending: 0,
  failing: false,
  lastError: null,
  refusal: null,
  stored: true,
  replaced: false,
  ended: null,
};

export interface AnswerQueueOptions {
  attemptId: string;
  /** This window's hold on the attempt (the start or resume's `session`). */
  session: number;
  /** The highest sequence among the answers the server has: numbering goes on above it. */
  lastSequence: number;
  storage: AnswerStorage | null;
  transport: AnswerTransport;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** A keepalive request's body may be at most 64 KiB in all; stay below it. */
const BEACON_MAX_BYTES = 60_000;

export class AnswerQueue {
  private readonly store: AnswerStore;
  private next: number;
  private answers: QueuedAnswer[];
  /** The sequences this window numbered (storage also holds what other tabs or earlier loads queued). */
  private readonly mine = new Set<number>();
  private readonly beaconed = new Set<number>();
  private sending: Promise<void> | null = null;
  private timer: unknown = null;
  private failures = 0;
  private closed = false;
  private state: AnswerQueueState = IDLE_ANSWER_QUEUE;
  private readonly listeners = new Set<(state: AnswerQueueState) => void>();

  constructor(private readonly options: AnswerQueueOptions) {
    this.store = answerStore(options.storage, options.attemptId);
    const stored = this.store.read();
    this.next = Math.max(stored?.next ?? 1, options.lastSequence + 1);
    this.answers = stored?.answers ?? [];
    this.store.announceSession(options.session);
    this.report({ pending: this.answers.length });
  }

  getState(): AnswerQueueState {
    return this.state;
  }

  subscribe(listener: (state: AnswerQueueState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The newest unsent response of each question: what the learner gave, over what the server has. */
  pendingResponses(): Map<number, QuizResponse> {
    this.sync();
    const newest = new Map<number, QueuedAnswer>();
    for (const a of this.answers) if ((newest.get(a.position)?.sequence ?? 0) < a.sequence) newest.set(a.position, a);
    return new Map([...newest].map(([position, a]) => [position, a.response]));
  }

  /** Numbers the answer, stores it (replacing an unsent older answer to the same question) and sends it. */
  save(position: number, response: QuizResponse): void {
    if (this.closed) return;
    this.sync();
    const answer = { position, sequence: this.next, response };
    this.next += 1;
    this.mine.add(answer.sequence);
    this.answers = [...this.answers.filter((a) => a.position !== position), answer];
    this.persist(true);
    this.pump();
  }

  /** Send now (back online, a submission waiting), cancelling a backoff wait. */
  flush(): Promise<void> {
    this.beaconed.clear();
    if (this.timer !== null) {
      this.options.clearTimer(this.timer);
      this.timer = null;
    }
    this.pump();
    return this.sending ?? Promise.resolve();
  }

  /** Resolves when nothing is pending, or the next send fails. */
  async drain(): Promise<void> {
    while (!this.closed && this.pendingCount() > 0) {
      await this.flush();
      if (this.state.failing) return;
    }
  }

  /**
   * pagehide: hands the pending answers to keepalive requests, which outlive the page. Nothing is removed;
   * the next load sends them again and the server ignores the replays (their sequence is not above its own).
   */
  beacon(): boolean {
    if (this.closed) return false;
    this.sync();
    let bytes = 0;
    let sent = false;
    for (const answer of this.answers) {
      if (this.beaconed.has(answer.sequence)) continue;
      bytes += JSON.stringify(answer).length + 40;
      if (bytes > BEACON_MAX_BYTES) break;
      if (!this.options.transport.beacon(answer, this.options.session)) break;
      this.beaconed.add(answer.sequence);
      sent = true;
    }
    return sent;
  }

  /** Another tab of this browser resumed the attempt (it announced a newer session). */
  sessionAnnounced(session: number): void {
    if (session > this.options.session) this.replace();
  }

  dispose(): void {
    this.closed = true;
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private pendingCount(): number {
    this.sync();
    return this.answers.length;
  }

  private pump(): void {
    if (this.closed || this.sending || this.timer !== null) return;
    this.sync();
    const answer = [...this.answers].sort((a, b) => a.sequence - b.sequence)[0];
    if (!answer) return;
    this.sending = this.options.transport.save(answer, this.options.session).then((outcome) => {
      this.sending = null;
      this.answered(answer, outcome);
    });
  }

  private answered(answer: QueuedAnswer, outcome: SaveOutcome): void {
    if (this.closed) return;
    switch (outcome.kind) {
      case "acknowledged":
        this.failures = 0;
        this.remove((a) => a.position === answer.position && a.sequence <= Math.max(answer.sequence, outcome.sequence));
        this.report({ failing: false, lastError: null });
        return this.pump();
      case "retry": {
        this.failures += 1;
        this.report({ failing: true, lastError: outcome.message });
        const { baseDelayMs = 1_000, maxDelayMs = 30_000, random = Math.random } = this.options;
        const ms = Math.max(outcome.retryAfterMs ?? 0, backoffDelay(this.failures, baseDelayMs, maxDelayMs, random()));
        this.timer = this.options.setTimer(() => {
          this.timer = null;
          this.pump();
        }, ms);
        return;
      }
      case "replaced":
        return this.replace();
      case "ended":
        this.closed = true;
        this.remove(() => true);
        this.report({ failing: false, ended: outcome.message });
        return;
      case "refused":
        this.remove((a) => a.sequence === answer.sequence);
        this.report({ failing: false, refusal: outcome.message });
        return this.pump();
    }
  }

  private replace(): void {
    if (this.state.replaced) return;
    this.closed = true;
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
    // This window's unsent answers are older than the attempt now: left in storage, the next window of this
    // browser would send them over what the other window answered since.
    this.remove((a) => this.mine.has(a.sequence));
    this.report({ replaced: true, failing: false });
  }

  private remove(matches: (answer: QueuedAnswer) => boolean): void {
    this.sync();
    const kept = this.answers.filter((a) => !matches(a));
    if (kept.length === this.answers.length) return;
    this.answers = kept;
    this.persist(false);
  }

  /** Storage may have changed since (another tab of the attempt, an earlier load): read it back first. */
  private sync(): void {
    const stored = this.store.read();
    if (!stored) return;
    const bySequence = new Map(stored.answers.map((a) => [a.sequence, a]));
    // Answers only held here were never stored (storage full): keep them.
    if (!this.state.stored)
      for (const a of this.answers) if (!bySequence.has(a.sequence)) bySequence.set(a.sequence, a);
    this.answers = [...bySequence.values()];
    this.next = Math.max(this.next, stored.next);
    this.report({ pending: this.answers.length });
  }

  private persist(reportStored: boolean): void {
    const ok = this.store.write({ next: this.next, answers: this.answers });
    this.report({ pending: this.answers.length, ...(reportStored ? { stored: ok } : {}) });
  }

  private report(patch: Partial<AnswerQueueState>): void {
    const keys = Object.keys(patch) as (keyof AnswerQueueState)[];
    if (!keys.some((key) => patch[key] !== this.state[key])) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}
