import { describe, expect, it, vi } from "vitest";
import { AnswerQueue, type AnswerQueueOptions } from "@/components/quizzes/answer-queue";
import {
  answersStorageKey,
  sessionStorageKey,
  type AnswerStorage,
  type QueuedAnswer,
} from "@/components/quizzes/answer-store";
import { failure, type AnswerTransport, type SaveOutcome } from "@/components/quizzes/answer-transport";

const ATTEMPT = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

class MemoryStorage implements AnswerStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

type Answer = (answer: QueuedAnswer, session: number) => SaveOutcome | Promise<SaveOutcome>;
const ack: Answer = (answer) => ({ kind: "acknowledged", sequence: answer.sequence });
const offline: Answer = () => ({ kind: "retry", message: "Network error: Failed to fetch", retryAfterMs: null });

function makeQueue(answer: Answer = ack, overrides: Partial<AnswerQueueOptions> = {}) {
  const storage = (overrides.storage as MemoryStorage | undefined) ?? new MemoryStorage();
  const sent: { position: number; sequence: number; session: number }[] = [];
  const beacons: number[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const transport: AnswerTransport = {
    save: vi.fn(async (a: QueuedAnswer, session: number) => {
      sent.push({ position: a.position, sequence: a.sequence, session });
      return answer(a, session);
    }),
    beacon: (a) => {
      beacons.push(a.sequence);
      return true;
    },
  };
  const queue = new AnswerQueue({
    attemptId: ATTEMPT,
    session: 1,
    lastSequence: 0,
    storage,
    transport,
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => undefined,
    random: () => 0.5,
    ...overrides,
  });
  return { queue, storage, sent, beacons, timers };
}

const stored = (storage: MemoryStorage) => JSON.parse(storage.getItem(answersStorageKey(ATTEMPT)) ?? "null");

describe("AnswerQueue", () => {
  it("stores an answer before sending it, and forgets it once acknowledged", async () => {
    const { queue, storage, sent } = makeQueue();
    queue.save(1, { choice_id: "a" });
    expect(stored(storage).answers).toEqual([{ position: 1, sequence: 1, response: { choice_id: "a" } }]);
    await queue.drain();
    expect(sent).toEqual([{ position: 1, sequence: 1, session: 1 }]);
    expect(stored(storage)).toEqual({ next: 2, answers: [] });
    expect(queue.getState()).toMatchObject({ pending: 0, failing: false });
  });

  it("numbers above the server's answers and above an earlier load's counter", () => {
    const storage = new MemoryStorage();
    storage.setItem(answersStorageKey(ATTEMPT), JSON.stringify({ next: 9, answers: [] }));
    const { queue } = makeQueue(offline, { storage, lastSequence: 4 });
    queue.save(2, { text: "x" });
    expect(stored(storage).answers[0].sequence).toBe(9);
    const { queue: fresh, storage: empty } = makeQueue(offline, { lastSequence: 4 });
    fresh.save(2, { text: "x" });
    expect(stored(empty).answers[0].sequence).toBe(5);
  });

  it("offline: keeps the newest answer per question, retries with backoff, and a reload sends it with its session", async () => {
    const { queue, storage, timers } = makeQueue(offline);
    queue.save(1, { text: "N" });
    await queue.flush();
    queue.save(1, { text: "Na" });
    expect(queue.getState()).toMatchObject({ pending: 1, failing: true });
    expect(timers[0]?.ms).toBe(750);
    expect(queue.pendingResponses()).toEqual(new Map([[1, { text: "Na" }]]));

    const reloaded = makeQueue(ack, { storage, session: 2 });
    expect(reloaded.queue.pendingResponses()).toEqual(new Map([[1, { text: "Na" }]]));
    await reloaded.queue.drain();
    expect(reloaded.sent).toEqual([{ position: 1, sequence: 2, session: 2 }]);
    expect(stored(storage).answers).toEqual([]);
  });

  it("an acknowledgement of a newer answer on the server drops the older unsent one", async () => {
    const { queue } = makeQueue(() => ({ kind: "acknowledged", sequence: 40 }));
    queue.save(3, { value: true });
    await queue.drain();
    expect(queue.getState().pending).toBe(0);
  });

  it("replaced: stops, keeps none of its own answers, and says so", async () => {
    const { queue, storage, sent } = makeQueue(() => ({ kind: "replaced", message: "opened elsewhere" }));
    queue.save(1, { text: "a" });
    await queue.flush();
    expect(queue.getState()).toMatchObject({ replaced: true, pending: 0 });
    queue.save(2, { text: "b" });
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(stored(storage).answers).toEqual([]);
  });

  it("another tab announcing a newer session replaces it at once", () => {
    const { queue, storage } = makeQueue(offline, { session: 3 });
    expect(storage.getItem(sessionStorageKey(ATTEMPT))).toBe("3");
    queue.sessionAnnounced(3);
    expect(queue.getState().replaced).toBe(false);
    queue.sessionAnnounced(4);
    expect(queue.getState().replaced).toBe(true);
  });

  it("the attempt ended (time up): closes with the server's message", async () => {
    const { queue } = makeQueue(() => ({ kind: "ended", message: "The time limit has passed" }));
    queue.save(1, { text: "late" });
    await queue.flush();
    expect(queue.getState()).toMatchObject({ ended: "The time limit has passed", pending: 0 });
  });

  it("a refused answer is dropped with the server's message, and the next one goes", async () => {
    const { queue, sent } = makeQueue((a) =>
      a.position === 1 ? { kind: "refused", message: "response: bad shape" } : ack(a, 1),
    );
    queue.save(1, { nope: 1 });
    queue.save(2, { text: "ok" });
    await queue.drain();
    await vi.waitFor(() => expect(queue.getState().pending).toBe(0));
    expect(queue.getState().refusal).toBe("response: bad shape");
    expect(sent.map((s) => s.position)).toEqual([1, 2]);
  });

  it("beacon hands every pending answer over once per departure, and keeps them", async () => {
    const { queue, beacons } = makeQueue(offline);
    queue.save(1, { text: "a" });
    queue.save(2, { text: "b" });
    await queue.flush();
    expect(queue.beacon()).toBe(true);
    expect(queue.beacon()).toBe(false);
    expect(beacons).toEqual([1, 2]);
    expect(queue.getState().pending).toBe(2);
  });

  it("reads the server's refusals: replaced, ended, retried, refused (a checked question's)", () => {
    const answer = (status: number, code?: string) =>
      failure(new Response(null, { status }), { error: { code, message: "m" } }).kind;
    expect(answer(409, "ATTEMPT_REPLACED")).toBe("replaced");
    expect(answer(409, "CONFLICT")).toBe("ended");
    expect(answer(409, "ANSWER_CHECKED")).toBe("refused");
    expect([answer(503), answer(401), answer(429)]).toEqual(["retry", "retry", "retry"]);
    expect(answer(400, "BAD_REQUEST")).toBe("refused");
  });
});
