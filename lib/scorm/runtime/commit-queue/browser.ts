import type { ScormCommit } from "@/lib/schemas/scorm";
import { CommitQueue } from "@/lib/scorm/runtime/commit-queue/commit-queue";
import { playerStorageKey } from "@/lib/scorm/runtime/commit-queue/storage";
import type { ClaimAnswer } from "@/lib/scorm/runtime/commit-queue/outbox";
import type { ScormLaunch } from "@/lib/scorm/types";

// The commit queue on the runtime page: the content origin's localStorage, fetch and beacons to the
// visit's commit URL, the page's timers, and the attempt's other tabs in this browser.

/** How long a new player waits for its claim before it starts from the launch's state. */
const CLAIM_WAIT_MS = 15_000;

/** The attempt's queue on this page; null for an untracked preview. */
export function openCommitQueue(
  win: Window,
  launch: ScormLaunch,
  onAcknowledged: (commits: ScormCommit[]) => void,
): CommitQueue | null {
  const attempt = launch.attempt;
  const endpoint = launch.content.commitUrl;
  if (!attempt || !endpoint) return null;
  return new CommitQueue({
    attemptId: attempt.attemptId,
    lastSequence: attempt.lastSequence,
    generation: attempt.playerGeneration,
    endpoint,
    storage: browserStorage(win),
    fetch: (input, init) => win.fetch(input, init),
    sendBeacon:
      typeof win.navigator.sendBeacon === "function" ? (url, data) => win.navigator.sendBeacon(url, data) : undefined,
    setTimer: (callback, ms) => win.setTimeout(callback, ms),
    clearTimer: (handle) => win.clearTimeout(handle as number),
    onAcknowledged,
  });
}

/**
 * Takes the attempt over for this player (one attempt, one live player), and from then on hears another
 * tab of this browser take it (a `storage` event on the player key). Resolves with the server's answer,
 * or null when it is not there within CLAIM_WAIT_MS (the claim then goes with the first batch that gets through).
 */
export function claimAttempt(win: Window, queue: CommitQueue, attemptId: string): Promise<ClaimAnswer | null> {
  const key = playerStorageKey(attemptId);
  win.addEventListener("storage", (event: StorageEvent) => {
    if (event.key === key && event.newValue) queue.supersede(Number(event.newValue));
  });
  return withTimeout(win, queue.claim(), CLAIM_WAIT_MS);
}

/** The promise's value, or null when it takes longer than `ms` (the promise still runs on). */
function withTimeout<T>(win: Window, promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = win.setTimeout(() => resolve(null), ms);
    void promise.then(
      (value) => {
        win.clearTimeout(timer);
        resolve(value);
      },
      () => {
        win.clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

function browserStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}
