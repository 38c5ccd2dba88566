import { describe, expect, it } from "vitest";
import {
  beaconBatch,
  initialOutbox,
  numberCommit,
  type Outbox,
  type StoredQueue,
} from "@/lib/scorm/runtime/commit-queue/outbox";
import { next, type QueueEffect, type QueueEvent } from "@/lib/scorm/runtime/commit-queue/transition";
import type { ScormCommit } from "@/lib/schemas/scorm";

// The queue's decisions without storage, network or timers: each test feeds events and reads the state
// and the effects the transition asks for.

const ATTEMPT = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

function start(options: { lastSequence?: number; generation?: number; stored?: StoredQueue | null } = {}): Outbox {
  return initialOutbox({
    attemptId: ATTEMPT,
    generation: options.generation ?? 0,
    lastSequence: options.lastSequence ?? 0,
    stored: options.stored ?? null,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
  });
}

/** Feeds the events in turn; returns the last state and every effect asked for, in order. */
function run(outbox: Outbox, ...events: QueueEvent[]): { outbox: Outbox; effects: QueueEffect[] } {
  const effects: QueueEffect[] = [];
  for (const event of events) {
    const step = next(outbox, event);
    outbox = step.outbox;
    effects.push(...step.effects);
  }
  return { outbox, effects };
}

/** Enqueues a commit of `scoId` as the driver does: numbered from the state, then the event. */
function enqueue(outbox: Outbox, scoId = "sco1"): { outbox: Outbox; effects: QueueEffect[]; commit: ScormCommit } {
  const commit = numberCommit(outbox, { scoId, cmi: { location: "3" }, terminated: false });
  return { ...run(outbox, { type: "enqueued", commit }), commit };
}

const commitOf = (sequence: number, generation = 0, scoId = "sco1"): ScormCommit => ({
  attemptId: ATTEMPT,
  sequence,
  generation,
  scoId,
  cmi: { location: String(sequence) },
  terminated: false,
});

const accepted = (sequences: number[], player: { generation: number } | null = null): QueueEvent => ({
  type: "answered",
  outcome: { kind: "accepted", acknowledged: new Set(sequences), player: player && { ...player, attempt: {} } },
  random: 0.5,
});
const refused = (
  status: number,
  serverMessage: string | null = null,
  retryAfterMs: number | null = null,
): QueueEvent => ({
  type: "answered",
  outcome: { kind: "refused", status, message: serverMessage ?? "request failed", serverMessage, retryAfterMs },
  random: 0.5,
});
const unreachable = (random = 0.5): QueueEvent => ({
  type: "answered",
  outcome: { kind: "unreachable", message: "Failed to fetch" },
  random,
});

const posts = (effects: QueueEffect[]) =>
  effects.flatMap((effect) =>
    effect.type === "post" ? [{ sequences: effect.batch.map((c) => c.sequence), claim: effect.claim }] : [],
  );
const persisted = (effects: QueueEffect[]) =>
  effects.flatMap((effect) => (effect.type === "persist" ? [effect.queue.commits.map((c) => c.sequence)] : []));

describe("the commit queue's transition", () => {
  it("numbers a commit above the attempt's last sequence, has it stored, and posts it", () => {
    const { outbox, effects, commit } = enqueue(start({ lastSequence: 41, generation: 2 }));
    expect(commit).toMatchObject({ attemptId: ATTEMPT, sequence: 42, generation: 2 });
    expect(effects.map((effect) => effect.type)).toEqual(["persist", "post"]);
    expect(effects[0]).toEqual({ type: "persist", queue: { next: 43, commits: [commit] }, report: true });
    expect(posts(effects)).toEqual([{ sequences: [42], claim: null }]);
    expect(outbox.report).toMatchObject({ pending: 1, failing: false });
  });

  it("continues numbering above what storage holds, whatever the launch said", () => {
    const outbox = start({ lastSequence: 5, stored: { next: 8, commits: [] } });
    expect(numberCommit(outbox, { scoId: "a", terminated: false }).sequence).toBe(8);
  });

  it("waits for the batch on its way; the answer removes what was acknowledged and sends the rest", () => {
    const first = enqueue(start());
    const second = enqueue(first.outbox);
    expect(posts(second.effects)).toEqual([]);
    const answered = run(second.outbox, accepted([1]));
    expect(answered.effects.map((effect) => effect.type)).toEqual(["persist", "acknowledged", "post"]);
    expect(persisted(answered.effects)).toEqual([[2]]);
    expect(answered.effects[1]).toEqual({ type: "acknowledged", commits: [expect.objectContaining({ sequence: 1 })] });
    expect(posts(answered.effects)).toEqual([{ sequences: [2], claim: null }]);
    expect(answered.outbox.report).toMatchObject({ pending: 1, failing: false, lastError: null });
  });

  it("posts at most 50 commits, oldest first", () => {
    const stored = { next: 61, commits: Array.from({ length: 60 }, (_, i) => commitOf(60 - i)) };
    const synced = run(start(), { type: "synced", stored }, { type: "flushed" });
    const [first] = posts(synced.effects);
    expect(first?.sequences).toHaveLength(50);
    expect(first?.sequences.slice(0, 3)).toEqual([1, 2, 3]);
  });

  it("an unreachable server: failing, and a retry after an equal-jitter backoff that doubles", () => {
    let step = run(enqueue(start()).outbox, unreachable(0.5));
    expect(step.outbox.report).toMatchObject({
      pending: 1,
      failing: true,
      lastError: "Network error: Failed to fetch",
    });
    expect(step.effects).toEqual([{ type: "wait", ms: 750 }]);
    step = run(step.outbox, { type: "retryDue" }, unreachable(0));
    expect(step.effects).toEqual([
      { type: "post", batch: [expect.objectContaining({ sequence: 1 })], claim: null },
      { type: "wait", ms: 1_000 },
    ]);
    step = run(step.outbox, { type: "retryDue" }, accepted([1]));
    expect(step.outbox.report).toMatchObject({ pending: 0, failing: false, lastError: null });
    expect(step.outbox.failures).toBe(0);
  });

  it("a commit made while a retry waits is not sent before it; a flush sends at once", () => {
    const waiting = run(enqueue(start()).outbox, unreachable());
    const queued = enqueue(waiting.outbox);
    expect(posts(queued.effects)).toEqual([]);
    const flushed = run(queued.outbox, { type: "flushed" });
    expect(flushed.effects.map((effect) => effect.type)).toEqual(["stopWaiting", "post"]);
    expect(posts(flushed.effects)).toEqual([{ sequences: [1, 2], claim: null }]);
  });

  it("retries 5xx, 401, 408 and 429, honouring a longer Retry-After", () => {
    for (const status of [500, 503, 401, 408, 429]) {
      const step = run(enqueue(start()).outbox, refused(status, "busy", 30_000));
      expect(step.outbox.report).toMatchObject({ pending: 1, failing: true, lastError: `${status}: busy` });
      expect(step.effects).toEqual([{ type: "wait", ms: 30_000 }]);
    }
  });

  it("backs off to at most a minute", () => {
    let outbox = enqueue(start()).outbox;
    let wait: QueueEffect | undefined;
    for (let i = 0; i < 10; i++) {
      const step = run(outbox, unreachable(1), { type: "retryDue" });
      outbox = step.outbox;
      wait = step.effects.find((effect) => effect.type === "wait");
    }
    expect(wait).toEqual({ type: "wait", ms: 60_000 });
  });

  it("another 4xx on a batch: one commit at a time until the refused one is set aside", () => {
    const stored = { next: 4, commits: [commitOf(1, 0, "good1"), commitOf(2, 0, "bad"), commitOf(3, 0, "good2")] };
    let step = run(start(), { type: "synced", stored }, { type: "flushed" }, refused(422, "cmi is invalid"));
    expect(step.outbox.report).toMatchObject({ pending: 3, failing: false, lastError: "422: cmi is invalid" });
    expect(posts(step.effects).at(-1)).toEqual({ sequences: [1], claim: null });
    step = run(step.outbox, accepted([1]));
    expect(posts(step.effects)).toEqual([{ sequences: [2, 3], claim: null }]);
    step = run(step.outbox, refused(422, "cmi is invalid"), refused(422, "cmi is invalid"));
    expect(step.effects).toContainEqual({
      type: "setAside",
      commits: [commitOf(2, 0, "bad")],
      message: "422: cmi is invalid",
    });
    expect(step.outbox.report).toMatchObject({ pending: 1, rejected: 1, refusal: "cmi is invalid", failing: false });
    expect(posts(step.effects).at(-1)).toEqual({ sequences: [3], claim: null });
  });

  it("a refusal without a message tells the learner 'Failed to update SCORM progress'", () => {
    const step = run(enqueue(start()).outbox, refused(400));
    expect(step.outbox.report).toMatchObject({ pending: 0, rejected: 1, refusal: "Failed to update SCORM progress" });
  });

  it("a commit storage refused is kept in memory, reported, and survives a read of storage", () => {
    const queued = enqueue(start());
    const refusedByStorage = run(queued.outbox, { type: "persisted", ok: false }, { type: "synced", stored: null });
    expect(refusedByStorage.outbox.report).toMatchObject({ pending: 1, stored: false });
    const otherTab = run(refusedByStorage.outbox, { type: "synced", stored: { next: 3, commits: [commitOf(2)] } });
    expect(otherTab.outbox.queue).toEqual({ next: 3, commits: [queued.commit, commitOf(2)] });
  });

  it("reads back what another tab stored, and drops what it acknowledged meanwhile", () => {
    const queued = enqueue(start());
    const step = run(
      queued.outbox,
      { type: "persisted", ok: true },
      { type: "synced", stored: { next: 2, commits: [] } },
    );
    expect(step.outbox.queue).toEqual({ next: 2, commits: [] });
    expect(step.outbox.report.pending).toBe(0);
  });

  describe("one live player per attempt", () => {
    it("a claim goes with the batch that holds every pending commit, from the launch's generation", () => {
      const stored = { next: 2, commits: [commitOf(1, 3)] };
      const step = run(start({ generation: 3, stored }), { type: "claimRequested" });
      expect(posts(step.effects)).toEqual([{ sequences: [1], claim: { generation: 3 } }]);
    });

    it("a claim is sent alone when nothing is pending", () => {
      const step = run(start({ generation: 3 }), { type: "claimRequested" });
      expect(posts(step.effects)).toEqual([{ sequences: [], claim: { generation: 3 } }]);
    });

    it("more than a batch pending: the claim rides on the last one", () => {
      const stored = { next: 61, commits: Array.from({ length: 60 }, (_, i) => commitOf(i + 1)) };
      let step = run(start({ stored }), { type: "claimRequested" });
      expect(posts(step.effects).map((post) => [post.sequences.length, post.claim])).toEqual([[50, null]]);
      step = run(step.outbox, accepted(Array.from({ length: 50 }, (_, i) => i + 1)));
      expect(posts(step.effects).map((post) => [post.sequences.length, post.claim])).toEqual([[10, { generation: 0 }]]);
    });

    it("the claim's answer: the new generation for commits made meanwhile, told to other tabs, and to the caller", () => {
      let step = run(start({ generation: 7 }), { type: "claimRequested" });
      const queued = enqueue(step.outbox);
      expect(queued.commit.generation).toBe(7);
      step = run(queued.outbox, accepted([], { generation: 8 }));
      expect(step.effects).toEqual([
        { type: "persist", queue: { next: 2, commits: [{ ...queued.commit, generation: 8 }] }, report: false },
        { type: "announce", generation: 8 },
        { type: "claimSettled", answer: { generation: 8, attempt: {} } },
        { type: "post", batch: [{ ...queued.commit, generation: 8 }], claim: null },
      ]);
      expect(numberCommit(step.outbox, { scoId: "a", terminated: false }).generation).toBe(8);
    });

    it("the claim unanswered: the caller hears null, and the claim rides on the next batch", () => {
      let step = run(start(), { type: "claimRequested" }, unreachable());
      expect(step.effects).toContainEqual({ type: "claimSettled", answer: null });
      const queued = enqueue(step.outbox);
      step = run(queued.outbox, { type: "flushed" });
      expect(posts(step.effects)).toEqual([{ sequences: [1], claim: { generation: 0 } }]);
    });

    it("a 409 on its own commit: superseded, its unsent commits dropped, nothing more sent or kept", () => {
      const queued = enqueue(start({ generation: 2 }));
      let step = run(queued.outbox, refused(409, "This lesson was opened in another window"));
      expect(step.outbox.report).toMatchObject({ superseded: true, failing: false, pending: 0 });
      expect(persisted(step.effects)).toEqual([[]]);
      step = run(step.outbox, {
        type: "enqueued",
        commit: numberCommit(step.outbox, { scoId: "a", terminated: false }),
      });
      expect(step.effects).toEqual([]);
      expect(run(step.outbox, { type: "flushed" }).effects).toEqual([]);
    });

    it("a 409 on an older player's leftovers drops them and carries on", () => {
      const claimedOutbox = run(start({ generation: 1 }), { type: "claimRequested" }, accepted([], { generation: 2 }));
      const withLeftover = run(claimedOutbox.outbox, {
        type: "synced",
        stored: { next: 2, commits: [commitOf(1, 1, "old")] },
      });
      const queued = enqueue(withLeftover.outbox, "mine");
      expect(posts(queued.effects)).toEqual([{ sequences: [1, 2], claim: null }]);
      const step = run(queued.outbox, refused(409));
      expect(step.outbox.report.superseded).toBe(false);
      expect(persisted(step.effects)).toEqual([[2]]);
      expect(posts(step.effects)).toEqual([{ sequences: [2], claim: null }]);
    });

    it("another tab's newer generation supersedes it; an older one does not", () => {
      expect(run(start({ generation: 5 }), { type: "claimedElsewhere", generation: 5 }).outbox.report.superseded).toBe(
        false,
      );
      expect(run(start({ generation: 5 }), { type: "claimedElsewhere", generation: 6 }).outbox.report.superseded).toBe(
        true,
      );
    });
  });

  describe("beacons", () => {
    it("a later beacon of the same departure carries only what came since; back in use, everything again", () => {
      const stored = { next: 3, commits: [commitOf(1), commitOf(2)] };
      const outbox = run(start({ stored }), { type: "synced", stored }).outbox;
      const first = beaconBatch(outbox);
      expect(first?.map((c) => c.sequence)).toEqual([1, 2]);
      const handed = run(outbox, { type: "beaconed", sequences: [1, 2] }).outbox;
      expect(beaconBatch(handed)).toBeNull();
      const more = run(handed, {
        type: "synced",
        stored: { next: 4, commits: [commitOf(1), commitOf(2), commitOf(3)] },
      }).outbox;
      expect(beaconBatch(more)?.map((c) => c.sequence)).toEqual([3]);
      const backInUse = run(more, { type: "flushed" }).outbox;
      expect(beaconBatch(backInUse)?.map((c) => c.sequence)).toEqual([1, 2, 3]);
    });

    it("stays below 60 KB, but always carries at least the oldest commit", () => {
      const large = (sequence: number): ScormCommit => ({
        ...commitOf(sequence),
        cmi: { suspend_data: "x".repeat(40_000) },
      });
      const stored = { next: 3, commits: [large(1), large(2)] };
      const outbox = start({ stored });
      expect(beaconBatch(outbox)?.map((c) => c.sequence)).toEqual([1]);
      const huge = { ...commitOf(1), cmi: { suspend_data: "x".repeat(70_000) } };
      expect(beaconBatch(start({ stored: { next: 2, commits: [huge] } }))?.map((c) => c.sequence)).toEqual([1]);
    });
  });
});
