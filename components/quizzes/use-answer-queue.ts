"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { AnswerQueue, IDLE_ANSWER_QUEUE, type AnswerQueueState } from "@/components/quizzes/answer-queue";
import { sessionStorageKey, type AnswerStorage } from "@/components/quizzes/answer-store";
import { httpAnswerTransport } from "@/components/quizzes/answer-transport";

// The answer queue on the lesson page: localStorage, fetch and keepalive requests, the page's timers, the
// attempt's other tabs in this browser, and the page's comings and goings (back online, hidden, closed).

/**
 * The attempt's queue for this window's session. `beforeLeaving` runs first as the page is hidden or
 * closed (the player saves the text still waiting for its debounce), then the queue hands what is unsent
 * to keepalive requests.
 */
export function useAnswerQueue(
  attemptId: string,
  session: number,
  lastSequence: number,
  beforeLeaving: () => void,
): { queue: AnswerQueue; state: AnswerQueueState } {
  const [queue] = useState(
    () =>
      new AnswerQueue({
        attemptId,
        session,
        lastSequence,
        storage: browserStorage(),
        transport: httpAnswerTransport(attemptId, (input, init) => window.fetch(input, init)),
        setTimer: (callback, ms) => window.setTimeout(callback, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
      }),
  );
  const state = useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.getState(),
    () => IDLE_ANSWER_QUEUE,
  );

  useEffect(() => {
    const key = sessionStorageKey(attemptId);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key && event.newValue) queue.sessionAnnounced(Number(event.newValue));
    };
    const onOnline = () => void queue.flush();
    const onLeave = () => {
      beforeLeaving();
      queue.beacon();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") onLeave();
      else void queue.flush();
    };
    window.addEventListener("storage", onStorage);
    window.addEventListener("online", onOnline);
    window.addEventListener("pagehide", onLeave);
    document.addEventListener("visibilitychange", onVisibility);
    void queue.flush();
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("pagehide", onLeave);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [attemptId, queue, beforeLeaving]);

  // No dispose on unmount: a queue left with unsent answers (the learner moved on in the app) keeps retrying.
  return { queue, state };
}

function browserStorage(): AnswerStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
