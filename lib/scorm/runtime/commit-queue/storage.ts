import type { ScormCommit } from "@/lib/schemas/scorm";
import type { StoredQueue } from "@/lib/scorm/runtime/commit-queue/outbox";

// Where the commit queue keeps an attempt's commits in the browser: the content origin's localStorage,
// shared by every tab of the attempt. A missing or full storage is not an error here: reads answer null
// and writes false, and the queue keeps the commits in memory.

/** The part of the Storage interface the queue uses (localStorage in the browser). */
export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
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

/** How many refused commits are kept aside for diagnosis. */
const REJECTED_KEPT = 20;

export interface AttemptStore {
  read(): StoredQueue | null;
  /** Whether the queue was written. */
  write(queue: StoredQueue): boolean;
  /** Keeps commits the server refused for good, with its message, for diagnosis. */
  setAside(commits: ScormCommit[], message: string): void;
  /** Tells the attempt's other tabs in this browser (a `storage` event) that a newer player holds it. */
  announcePlayer(generation: number): void;
}

export function attemptStore(storage: QueueStorage | null, attemptId: string): AttemptStore {
  const key = queueStorageKey(attemptId);
  return {
    read() {
      try {
        const text = storage?.getItem(key);
        if (!text) return null;
        const parsed = JSON.parse(text) as Partial<StoredQueue>;
        if (typeof parsed.next !== "number" || !Array.isArray(parsed.commits)) return null;
        return { next: parsed.next, commits: parsed.commits };
      } catch {
        return null;
      }
    },
    write(queue) {
      if (!storage) return false;
      try {
        storage.setItem(key, JSON.stringify(queue));
        return true;
      } catch {
        return false;
      }
    },
    setAside(commits, message) {
      try {
        const rejectedKey = rejectedStorageKey(attemptId);
        const earlier = JSON.parse(storage?.getItem(rejectedKey) ?? "[]") as unknown[];
        const kept = [...earlier, ...commits.map((commit) => ({ commit, message }))].slice(-REJECTED_KEPT);
        storage?.setItem(rejectedKey, JSON.stringify(kept));
      } catch {
        // diagnosis only
      }
    },
    announcePlayer(generation) {
      try {
        storage?.setItem(playerStorageKey(attemptId), String(generation));
      } catch {
        // other tabs then learn it from their next commit's 409
      }
    },
  };
}
