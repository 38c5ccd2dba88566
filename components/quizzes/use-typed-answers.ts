"use client";

import { useCallback, useRef, useState } from "react";
import type { AnswerQueue } from "@/components/quizzes/answer-queue";
import type { AttemptJson, QuizResponse } from "@/components/quizzes/quiz-api";

/** How long typing pauses before the text is saved (it is also saved on blur, and before leaving). */
const TYPING_PAUSE_MS = 800;

/**
 * The responses the learner has given, each saved through the queue as it is given: a click at once, text
 * after a short pause in typing or on blur. Starts from the server's saved answers, over which the
 * answers still unsent in this browser (an earlier load's, offline) win.
 */
export function useTypedAnswers(attempt: AttemptJson, queue: AnswerQueue) {
  const [responses, setResponses] = useState<Map<number, QuizResponse>>(() => {
    const saved = new Map<number, QuizResponse>();
    for (const q of attempt.questions)
      if (q.answer && typeof q.answer.response === "object" && q.answer.response !== null)
        saved.set(q.position, q.answer.response as QuizResponse);
    for (const [position, response] of queue.pendingResponses()) saved.set(position, response);
    return saved;
  });
  const typing = useRef(new Map<number, { response: QuizResponse; timer: number }>());

  const saveTyped = useCallback(
    (position: number) => {
      const waiting = typing.current.get(position);
      if (!waiting) return;
      window.clearTimeout(waiting.timer);
      typing.current.delete(position);
      queue.save(position, waiting.response);
    },
    [queue],
  );

  /** Saves every text still waiting for its pause: before leaving, submitting, or at the time limit. */
  const saveAllTyped = useCallback(() => {
    for (const position of [...typing.current.keys()]) saveTyped(position);
  }, [saveTyped]);

  const change = useCallback(
    (position: number, response: QuizResponse, isTyping = false) => {
      setResponses((current) => new Map(current).set(position, response));
      const waiting = typing.current.get(position);
      if (waiting) window.clearTimeout(waiting.timer);
      if (!isTyping) {
        typing.current.delete(position);
        queue.save(position, response);
        return;
      }
      const timer = window.setTimeout(() => saveTyped(position), TYPING_PAUSE_MS);
      typing.current.set(position, { response, timer });
    },
    [queue, saveTyped],
  );

  return { responses, change, saveTyped, saveAllTyped };
}
