import { describe, expect, it, vi } from "vitest";
import { CommitQueue, type CommitQueueOptions } from "@/lib/scorm/runtime/commit-queue/commit-queue";
import { playerStorageKey, queueStorageKey, type QueueStorage } from "@/lib/scorm/runtime/commit-queue/storage";
import { backoffDelay, isRetryableStatus } from "@/lib/scorm/runtime/commit-queue/transition";
import type { ScormCommit } from "@/lib/schemas/scorm";

const ATTEMPT = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

class MemoryStorage implements QueueStorage {
  data = new Map<string, string>();
  isFull = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.isFull) throw new Error("QuotaExceededError");
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

function ack(commits: ScormCommit[]) {
  return new Response(
    JSON.stringify({
      results: commits.map((c) => ({ attemptId: c.attemptId, scoId: c.scoId, sequence: c.sequence, applied: true })),
    }),
    { status: 200 },
  );
}

function sentCommits(fetchMock: ReturnType<typeof vi.fn>, call: number): ScormCommit[] {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  return (JSON.parse(init.body as string) as { commits: ScormCommit[] }).commits;
}

function makeQueue(overrides: Partial<CommitQueueOptions> = {}) {
  const storage = (overrides.storage as MemoryStorage | undefined) ?? new MemoryStorage();
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
    ack((JSON.parse(init.body as string) as { commits: ScormCommit[] }).commits),
  );
  const queue = new CommitQueue({
    attemptId: ATTEMPT,
    lastSequence: 0,
    endpoint: "https://acme.content.example/scorm/commits/token",
    storage,
    fetch: fetchMock,
    random: () => 0.5,
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => undefined,
    generation: 0,
    ...overrides,
  });
  return { queue, storage, timers, fetchMock: (overrides.fetch as ReturnType<typeof vi.fn> | undefined) ?? fetchMock };
}

const draft = (scoId = "sco1", terminated = false) => ({ scoId, cmi: { location: "3" }, terminated });

describe("CommitQueue", () => {
  it("numbers commits above the attempt's last sequence and stores them before sending", async () => {
    const { queue, storage, fetchMock } = makeQueue({ lastSequence: 41 });
    const first = queue.enqueue(draft());
    expect(first.commit.sequence).toBe(42);
    expect(first.stored).toBe(true);
    expect(storage.getItem(queueStorageKey(ATTEMPT))).toContain('"sequence":42');
    await queue.drain();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queue.getState()).toMatchObject({ pending: 0, failing: false, lastError: null });
  });

  it("never reuses a number after a reload, even when everything was acknowledged", async () => {
    const storage = new MemoryStorage();
    const { queue } = makeQueue({ storage, lastSequence: 5 });
    queue.enqueue(draft());
    queue.enqueue(draft());
    await queue.drain();
    queue.dispose();
    // The page reloads with a stale lastSequence (the server had not answered yet when the page rendered).
    const { queue: reloaded } = makeQueue({ storage, lastSequence: 5 });
    expect(reloaded.enqueue(draft()).commit.sequence).toBe(8);
  });

  it("sends commits of an earlier page load first, in sequence order", async () => {
    const storage = new MemoryStorage();
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const { queue } = makeQueue({ storage, fetch: offline });
    queue.enqueue(draft("a"));
    queue.enqueue(draft("b"));
    await queue.flush();
    expect(queue.getState()).toMatchObject({ pending: 2, failing: true });
    queue.dispose();

    const { queue: reloaded, fetchMock } = makeQueue({ storage });
    reloaded.enqueue(draft("c"));
    await reloaded.drain();
    expect(sentCommits(fetchMock, 0).map((c) => [c.scoId, c.sequence])).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
    expect(reloaded.getState().pending).toBe(0);
  });

  it("posts at most 50 commits per request, oldest first", async () => {
    const { queue, fetchMock } = makeQueue();
    const offlineOnce = vi.fn(async () => {
      throw new TypeError("offline");
    });
    // Queue 60 while the first send is failing, then let the retry go through.
    const q = makeQueue({ fetch: offlineOnce });
    for (let i = 0; i < 60; i += 1) q.queue.enqueue(draft());
    await q.queue.flush();
    q.queue.dispose();
    const { queue: online, fetchMock: onlineFetch } = makeQueue({ storage: q.storage });
    await online.drain();
    expect(onlineFetch).toHaveBeenCalledTimes(2);
    expect(sentCommits(onlineFetch, 0)).toHaveLength(50);
    expect(sentCommits(onlineFetch, 0)[0]?.sequence).toBe(1);
    expect(sentCommits(onlineFetch, 1)).toHaveLength(10);
    expect(fetchMock).not.toHaveBeenCalled();
    queue.dispose();
  });

  it("retries network errors and 5xx with growing, jittered delays and drops nothing", async () => {
    const responses = [new Response("{}", { status: 503 }), new Response("{}", { status: 500 })];
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const next = responses.shift();
      if (next) return next;
      return ack((JSON.parse(init.body as string) as { commits: ScormCommit[] }).commits);
    });
    const { queue, timers } = makeQueue({ fetch: fetchMock, baseDelayMs: 1000 });
    queue.enqueue(draft());
    await queue.flush();
    expect(queue.getState()).toMatchObject({ pending: 1, failing: true });
    expect(queue.getState().lastError).toMatch(/^503/);
    expect(timers[0]?.ms).toBe(750); // window 1000: 500 fixed + 0.5 × 500 jitter
    timers[0]?.callback();
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    expect(timers[1]?.ms).toBe(1500);
    timers[1]?.callback();
    await vi.waitFor(() => expect(queue.getState()).toMatchObject({ pending: 0, failing: false, lastError: null }));
  });

  it("retries 401, 408 and 429 but not other 4xx", () => {
    expect([401, 408, 429, 500, 502].every(isRetryableStatus)).toBe(true);
    expect([400, 403, 404, 409, 413, 422].some(isRetryableStatus)).toBe(false);
    expect(backoffDelay(10, 1000, 60_000, () => 1)).toBe(60_000);
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(500);
  });

  it("isolates a refused commit of a batch and keeps sending the others", async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const commits = (JSON.parse(init.body as string) as { commits: ScormCommit[] }).commits;
      if (commits.some((c) => c.scoId === "bad"))
        return new Response(JSON.stringify({ error: { code: "VALIDATION", message: "cmi is invalid" } }), {
          status: 422,
        });
      return ack(commits);
    });
    const offline = vi.fn(async () => {
      throw new TypeError("offline");
    });
    const q = makeQueue({ fetch: offline });
    q.queue.enqueue(draft("good1"));
    q.queue.enqueue(draft("bad"));
    q.queue.enqueue(draft("good2"));
    await q.queue.flush();
    q.queue.dispose();
    const { queue } = makeQueue({ storage: q.storage, fetch: fetchMock });
    await queue.drain();
    await vi.waitFor(() => expect(queue.getState().pending).toBe(0));
    expect(queue.getState()).toMatchObject({ rejected: 1, failing: false, refusal: "cmi is invalid" });
    expect(q.storage.getItem(`lms.scorm.rejected.${ATTEMPT}`)).toContain("cmi is invalid");
  });

  it("tells the learner 'Failed to update SCORM progress' when a refusal carries no message", async () => {
    const { queue } = makeQueue({ fetch: vi.fn(async () => new Response("", { status: 400 })) });
    queue.enqueue(draft());
    await queue.drain();
    await vi.waitFor(() => expect(queue.getState().pending).toBe(0));
    expect(queue.getState()).toMatchObject({ rejected: 1, refusal: "Failed to update SCORM progress" });
  });

  it("removes only the commits the server acknowledged", async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      ack((JSON.parse(init.body as string) as { commits: ScormCommit[] }).commits.slice(0, 1)),
    );
    const offline = vi.fn(async () => {
      throw new TypeError("offline");
    });
    const q = makeQueue({ fetch: offline });
    q.queue.enqueue(draft());
    q.queue.enqueue(draft());
    await q.queue.flush();
    q.queue.dispose();
    const { queue } = makeQueue({ storage: q.storage, fetch: fetchMock });
    await queue.flush();
    expect(queue.pendingCommits().map((c) => c.sequence)).toEqual([2]);
  });

  it("reports a commit it could not store, and still sends it", async () => {
    const storage = new MemoryStorage();
    storage.isFull = true;
    const { queue, fetchMock } = makeQueue({ storage });
    const result = queue.enqueue(draft());
    expect(result.stored).toBe(false);
    expect(queue.getState().stored).toBe(false);
    await queue.drain();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queue.getState().pending).toBe(0);
  });

  it("works without storage at all (sequence from the server, commits in memory)", () => {
    const { queue } = makeQueue({ storage: null, lastSequence: 9 });
    expect(queue.enqueue(draft())).toMatchObject({ stored: false, commit: { sequence: 10 } });
  });

  it("flushWithBeacon hands pending commits to sendBeacon and keeps them for a replay", async () => {
    const offline = vi.fn(async () => {
      throw new TypeError("offline");
    });
    const sendBeacon = vi.fn(() => true);
    const { queue } = makeQueue({ fetch: offline, sendBeacon });
    queue.enqueue(draft("a", true));
    await queue.flush();
    expect(queue.flushWithBeacon()).toBe(true);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe("https://acme.content.example/scorm/commits/token");
    expect(blob.type).toBe("application/json");
    expect(JSON.parse(await blob.text())).toMatchObject({ commits: [{ scoId: "a", sequence: 1, terminated: true }] });
    expect(queue.getState().pending).toBe(1);
  });

  it("a second beacon of the same departure carries only the commits made since the first", async () => {
    const offline = vi.fn(async () => {
      throw new TypeError("offline");
    });
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    const { queue } = makeQueue({ fetch: offline, sendBeacon, setTimer: () => 1 });
    queue.enqueue(draft("a"));
    expect(queue.flushWithBeacon()).toBe(true);
    queue.enqueue(draft("a", true));
    queue.enqueue({ scoId: "a", sequencing: { currentActivity: null }, terminated: false });
    expect(queue.flushWithBeacon()).toBe(true);
    const sent = await Promise.all(
      sendBeacon.mock.calls.map(async ([, blob]) =>
        (JSON.parse(await blob.text()) as { commits: { sequence: number }[] }).commits.map((c) => c.sequence),
      ),
    );
    expect(sent).toEqual([[1], [2, 3]]);
    // Nothing new: no beacon. Back in use, then away again: everything still pending goes.
    expect(queue.flushWithBeacon()).toBe(false);
    await queue.flush();
    expect(queue.flushWithBeacon()).toBe(true);
    expect(sendBeacon).toHaveBeenCalledTimes(3);
    expect(queue.getState().pending).toBe(3);
  });

  it("falls back to fetch keepalive when the beacon is refused", () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>(() => undefined));
    const { queue } = makeQueue({ fetch: fetchMock, sendBeacon: () => false, setTimer: () => 1 });
    // Enqueue while a send is in flight (never resolves), then beacon.
    queue.enqueue(draft());
    expect(queue.flushWithBeacon()).toBe(true);
    const init = fetchMock.mock.calls.at(-1)?.[1] as RequestInit | undefined;
    expect(init?.keepalive).toBe(true);
  });

  it("tells subscribers about pending and failing", async () => {
    const offline = vi.fn(async () => {
      throw new TypeError("offline");
    });
    const { queue } = makeQueue({ fetch: offline });
    const states: Array<{ pending: number; failing: boolean }> = [];
    queue.subscribe((state) => states.push({ pending: state.pending, failing: state.failing }));
    queue.enqueue(draft());
    await queue.flush();
    expect(states).toContainEqual({ pending: 1, failing: false });
    expect(states.at(-1)).toEqual({ pending: 1, failing: true });
  });

  describe("one live player per attempt", () => {
    const claimAnswer = (commits: ScormCommit[], generation: number) =>
      new Response(
        JSON.stringify({
          results: commits.map((c) => ({
            attemptId: c.attemptId,
            scoId: c.scoId,
            sequence: c.sequence,
            applied: true,
          })),
          player: { generation, attempt: { attemptId: ATTEMPT, lastSequence: 7 } },
        }),
        { status: 200 },
      );
    const refused = () =>
      new Response(
        JSON.stringify({ error: { code: "CONFLICT", message: "This lesson was opened in another window" } }),
        { status: 409 },
      );

    it("claims with what storage holds, then numbers its commits with the new generation", async () => {
      const storage = new MemoryStorage();
      const earlier = makeQueue({
        storage,
        generation: 3,
        fetch: vi.fn(async () => Promise.reject(new Error("offline"))),
      });
      earlier.queue.enqueue(draft("sco1"));
      earlier.queue.dispose();
      const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(init.body as string) as { commits: ScormCommit[]; claim?: { generation: number } };
        return body.claim ? claimAnswer(body.commits, 4) : ack(body.commits);
      });
      const { queue } = makeQueue({ storage, generation: 3, fetch: fetchMock });
      const answer = await queue.claim();
      expect(answer).toEqual({ generation: 4, attempt: { attemptId: ATTEMPT, lastSequence: 7 } });
      const claimBody = JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string);
      expect(claimBody.claim).toEqual({ generation: 3 });
      expect(claimBody.commits.map((c: ScormCommit) => [c.sequence, c.generation])).toEqual([[1, 3]]);
      expect(storage.getItem(playerStorageKey(ATTEMPT))).toBe("4");
      expect(queue.getState().pending).toBe(0);
      expect(queue.enqueue(draft()).commit.generation).toBe(4);
    });

    it("unreachable: starts anyway, and the claim rides on the batch that holds every pending commit", async () => {
      let online = false;
      const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
        if (!online) throw new Error("offline");
        const body = JSON.parse(init.body as string) as { commits: ScormCommit[]; claim?: unknown };
        return body.claim ? claimAnswer(body.commits, 1) : ack(body.commits);
      });
      const { queue } = makeQueue({ fetch: fetchMock });
      expect(await queue.claim()).toBeNull();
      queue.enqueue(draft());
      online = true;
      await queue.flush();
      const body = JSON.parse((fetchMock.mock.calls.at(-1)![1] as RequestInit).body as string);
      expect(body.claim).toEqual({ generation: 0 });
      expect(body.commits).toHaveLength(1);
      expect(queue.enqueue(draft()).commit.generation).toBe(1);
    });

    it("a 409 on its own commit: superseded, it stores and sends nothing more", async () => {
      const fetchMock = vi.fn(async () => refused());
      const { queue, storage } = makeQueue({ generation: 2, fetch: fetchMock });
      queue.enqueue(draft());
      await queue.flush();
      expect(queue.getState()).toMatchObject({ superseded: true, failing: false });
      const before = storage.getItem(queueStorageKey(ATTEMPT));
      expect(JSON.parse(before!).commits).toEqual([]);
      expect(queue.enqueue(draft()).stored).toBe(false);
      expect(storage.getItem(queueStorageKey(ATTEMPT))).toBe(before);
      await queue.flush();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it("a 409 on an older player's leftovers drops them and carries on", async () => {
      const storage = new MemoryStorage();
      const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(init.body as string) as { commits: ScormCommit[]; claim?: unknown };
        if (body.claim) return claimAnswer(body.commits, 2);
        return body.commits.some((c) => c.generation === 1) ? refused() : ack(body.commits);
      });
      const { queue } = makeQueue({ storage, generation: 1, fetch: fetchMock });
      await queue.claim();
      // The replaced tab, not told yet, queues one more commit in the shared storage.
      const old = makeQueue({ storage, generation: 1, fetch: vi.fn(async () => Promise.reject(new Error("offline"))) });
      old.queue.enqueue(draft("old"));
      old.queue.dispose();
      queue.enqueue(draft("mine"));
      await queue.drain();
      expect(queue.getState()).toMatchObject({ superseded: false, pending: 0 });
      expect(sentCommits(fetchMock, fetchMock.mock.calls.length - 1).map((c) => c.scoId)).toEqual(["mine"]);
    });

    it("a slow claim: its own commits made meanwhile go on under the new generation", async () => {
      let answerClaim: (response: Response) => void = () => undefined;
      const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(init.body as string) as { commits: ScormCommit[]; claim?: unknown };
        if (body.claim) return new Promise<Response>((resolve) => (answerClaim = resolve));
        return ack(body.commits);
      });
      const { queue } = makeQueue({ generation: 7, fetch: fetchMock });
      const claiming = queue.claim();
      await Promise.resolve();
      queue.enqueue(draft());
      answerClaim(claimAnswer([], 8));
      await claiming;
      await queue.drain();
      const last = sentCommits(fetchMock, fetchMock.mock.calls.length - 1);
      expect(last.map((c) => c.generation)).toEqual([8]);
      expect(queue.getState()).toMatchObject({ superseded: false, pending: 0 });
    });

    it("another tab's newer generation supersedes it at once", () => {
      const { queue } = makeQueue({ generation: 5 });
      queue.supersede(6);
      expect(queue.getState().superseded).toBe(true);
    });
  });
});
