"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { AnswerSaveStatus } from "@/components/quizzes/answer-save-status";
import { CheckAnswer } from "@/components/quizzes/check-answer";
import { Countdown } from "@/components/quizzes/countdown";
import { QuestionInput, isAnswered } from "@/components/quizzes/inputs/question-input";
import { QuizPages } from "@/components/quizzes/quiz-pages";
import { QuestionCard } from "@/components/quizzes/question-card";
import { ATTEMPT_REPLACED, submitPath, type AttemptJson, type StartedAttemptJson } from "@/components/quizzes/quiz-api";
import { reviewStatus } from "@/components/quizzes/review-details";
import { useAnswerQueue } from "@/components/quizzes/use-answer-queue";
import { useCheckedAnswers } from "@/components/quizzes/use-checked-answers";
import { useTypedAnswers } from "@/components/quizzes/use-typed-answers";
import { ApiError, apiPost } from "@/lib/client/api";

/** How long the player waits for unsent answers to go at the time limit before it shows the result anyway. */
const TIME_UP_FLUSH_MS = 5_000;

export interface QuizPlayerProps {
  attempt: StartedAttemptJson;
  /** Server time minus client time when the attempt was read. */
  clockOffsetMs: number;
  /** The attempt is over (submitted here, or by the server at its deadline): show its result. */
  onFinished: (attemptId: string) => void;
  /** "Continue here instead": resume the attempt in this window (a new session). */
  onTakeBack: () => void;
}

/** Taking an attempt: its pages of questions, every answer saved as it is given, the time left, Submit. */
export function QuizPlayer({ attempt, clockOffsetMs, onFinished, onTakeBack }: QuizPlayerProps) {
  const leaving = useRef<() => void>(() => undefined);
  const beforeLeaving = useCallback(() => leaving.current(), []);
  const lastSequence = Math.max(0, ...attempt.questions.map((q) => q.answer?.sequence ?? 0));
  const { queue, state } = useAnswerQueue(attempt.id, attempt.session, lastSequence, beforeLeaving);
  const { responses, change, saveTyped, saveAllTyped } = useTypedAnswers(attempt, queue);
  const checks = useCheckedAnswers(attempt, queue, saveTyped);
  useEffect(() => {
    leaving.current = saveAllTyped;
  }, [saveAllTyped]);
  const [page, setPage] = useRememberedPage(attempt.id, attempt.pages);
  const [confirming, setConfirming] = useState(false);
  const [replacedOnSubmit, setReplacedOnSubmit] = useState(false);
  const [timeUp, setTimeUp] = useState(false);

  const replaced = state.replaced || replacedOnSubmit;
  const { ended } = state;
  useEffect(() => {
    // A save refused because the attempt is over (the server submitted it at its deadline): show the result.
    if (ended) onFinished(attempt.id);
  }, [ended, attempt.id, onFinished]);

  const onExpired = useCallback(() => {
    setTimeUp(true);
    saveAllTyped();
    const waited = new Promise((resolve) => window.setTimeout(resolve, TIME_UP_FLUSH_MS));
    void Promise.race([queue.drain(), waited]).then(() => onFinished(attempt.id));
  }, [attempt.id, onFinished, queue, saveAllTyped]);

  const unanswered = attempt.questions.filter((q) => !isAnswered(responses.get(q.position))).length;
  const submit = async () => {
    saveAllTyped();
    await queue.drain();
    const unsent = queue.getState().pending;
    if (unsent > 0)
      throw new ApiError(
        `${unsent} ${unsent === 1 ? "answer is" : "answers are"} not saved yet: submit again once the connection is back.`,
        { status: 0, code: "UNSAVED" },
      );
    try {
      // Not sent twice on a timeout: a second submission would be refused as already submitted.
      await apiPost<AttemptJson>(submitPath(attempt.id), { session: attempt.session }, { retryOnTimeout: false });
    } catch (error) {
      if (error instanceof ApiError && error.code === ATTEMPT_REPLACED) {
        setReplacedOnSubmit(true);
        return;
      }
      throw error;
    }
    onFinished(attempt.id);
  };

  if (replaced) return <ReplacedPanel onTakeBack={onTakeBack} />;
  const onPage = attempt.questions.filter((q) => q.page === page);
  const disabled = timeUp;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          Attempt {attempt.number} · {attempt.questions.length} questions
        </Typography>
        {attempt.deadline && (
          <Countdown deadline={attempt.deadline} clockOffsetMs={clockOffsetMs} onExpired={onExpired} />
        )}
      </Box>
      <AnswerSaveStatus state={state} />
      {timeUp && (
        <Alert severity="info" role="status">
          Time is up: your answers are being submitted.
        </Alert>
      )}
      {onPage.map((q) => {
        const headingId = `quiz-q${q.position}`;
        const checked = checks.isChecked(q.position);
        const review = checks.reviewOf(q.position);
        return (
          <QuestionCard
            key={q.position}
            number={q.position}
            mark={q.mark}
            question={q.question}
            headingId={headingId}
            status={checked && review ? reviewStatus(review) : undefined}
          >
            <QuestionInput
              question={q.question}
              response={responses.get(q.position) ?? null}
              onChange={(response, typing) => change(q.position, response, typing)}
              onBlur={() => saveTyped(q.position)}
              labelledBy={headingId}
              idPrefix={`quiz-${attempt.id}-q${q.position}`}
              disabled={disabled || checked}
            />
            {attempt.can_check && (
              <CheckAnswer
                checked={checked}
                review={review}
                answered={isAnswered(responses.get(q.position))}
                disabled={disabled}
                onCheck={() => checks.check(q.position)}
              />
            )}
          </QuestionCard>
        );
      })}
      <QuizPages pages={attempt.pages} page={page} onPage={setPage} />
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button variant="contained" onClick={() => setConfirming(true)} disabled={disabled}>
          Submit answers
        </Button>
      </Box>
      {confirming && (
        <ConfirmDialog
          title="Submit your answers?"
          message={`${
            unanswered === 0
              ? "Every question is answered."
              : `${unanswered} of ${attempt.questions.length} ${attempt.questions.length === 1 ? "question is" : "questions are"} not answered.`
          } Once submitted, your answers cannot be changed.`}
          confirmLabel="Submit"
          onConfirm={submit}
          onClose={() => setConfirming(false)}
        />
      )}
    </Box>
  );
}

/** The page the learner was on, kept for this tab so a reload comes back to it. */
function useRememberedPage(attemptId: string, pages: number): [number, (page: number) => void] {
  const key = `lms.quiz.page.${attemptId}`;
  const [page, setPage] = useState(() => {
    try {
      const kept = Number(window.sessionStorage.getItem(key));
      return Number.isInteger(kept) && kept >= 1 && kept <= pages ? kept : 1;
    } catch {
      return 1;
    }
  });
  const remember = (next: number) => {
    setPage(next);
    try {
      window.sessionStorage.setItem(key, String(next));
    } catch {
      // a reload then starts on the first page
    }
  };
  return [page, remember];
}

function ReplacedPanel({ onTakeBack }: { onTakeBack: () => void }) {
  return (
    <Paper
      variant="outlined"
      role="alert"
      sx={{ p: 4, textAlign: "center", display: "flex", flexDirection: "column", gap: 2, alignItems: "center" }}
    >
      <Typography variant="h6" component="p">
        This attempt was opened in another window
      </Typography>
      <Typography sx={{ color: "text.secondary" }}>
        Your answers up to then are saved, and the other window carries on from them. Nothing you do here is saved any
        more.
      </Typography>
      <Button variant="contained" onClick={onTakeBack}>
        Continue here instead
      </Button>
    </Paper>
  );
}
