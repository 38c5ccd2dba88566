import { useCallback, useState } from "react";
import type { AnswerQueue } from "@/components/quizzes/answer-queue";
import {
  checkPath,
  reviewPath,
  type AttemptReviewJson,
  type ReviewQuestionJson,
  type StartedAttemptJson,
} from "@/components/quizzes/quiz-api";
import { ApiError, apiPost } from "@/lib/client/api";
import { useApi } from "@/lib/client/swr";

/**
 * The questions checked during the attempt (a quiz that shows its review immediately) and their review
 * parts: those checked before this page loaded come from the attempt's review, the ones checked here from
 * the check's answer. Checking first sends what the queue holds for the question, so what is checked is
 * the answer on screen.
 */
export function useCheckedAnswers(
  attempt: StartedAttemptJson,
  queue: AnswerQueue,
  saveTyped: (position: number) => void,
) {
  const checkedBefore = attempt.questions.some((q) => q.answer?.checked);
  const { data: review } = useApi<AttemptReviewJson>(checkedBefore ? reviewPath(attempt.id) : null, {
    revalidateOnFocus: false,
  });
  const [checkedHere, setCheckedHere] = useState<Map<number, ReviewQuestionJson>>(() => new Map());

  const reviewOf = (position: number): ReviewQuestionJson | undefined =>
    checkedHere.get(position) ?? review?.questions.find((q) => q.position === position);
  const isChecked = (position: number): boolean =>
    checkedHere.has(position) || Boolean(attempt.questions.find((q) => q.position === position)?.answer?.checked);

  const check = useCallback(
    async (position: number) => {
      saveTyped(position);
      await queue.drain();
      if (queue.pendingResponses().has(position))
        throw new ApiError("Your answer is not saved yet: check it again once the connection is back.", {
          status: 0,
          code: "UNSAVED",
        });
      const checked = await apiPost<ReviewQuestionJson>(checkPath(attempt.id, position), { session: attempt.session });
      setCheckedHere((current) => new Map(current).set(position, checked));
    },
    [attempt.id, attempt.session, queue, saveTyped],
  );

  return { reviewOf, isChecked, check };
}
