"use client";

import Alert from "@mui/material/Alert";
import Skeleton from "@mui/material/Skeleton";
import { useCallback, useEffect, useRef, useState } from "react";
import { QuizPlayer } from "@/components/quizzes/quiz-player";
import { QuizResult } from "@/components/quizzes/quiz-result";
import { QuizSummary } from "@/components/quizzes/quiz-summary";
import { quizAttemptsPath, type MyQuizJson, type StartedAttemptJson } from "@/components/quizzes/quiz-api";
import { apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";

type View =
  | { kind: "summary" }
  | { kind: "taking"; attempt: StartedAttemptJson; clockOffsetMs: number }
  | { kind: "result"; attemptId: string };

/**
 * A quiz lesson for the learner: the quiz's summary and their attempts, then the attempt being taken, then
 * its result. Opening the lesson with an attempt in progress resumes it here, as opening a SCORM lesson
 * claims its attempt: this window then holds it, and another window holding it is told it was replaced.
 */
export function QuizLesson({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const path = quizAttemptsPath(courseId, lessonId);
  const startRef = useRef<() => Promise<void>>(async () => undefined);
  const resumedOnOpen = useRef(false);
  const { data, error, mutate } = useApi<MyQuizJson>(path, {
    revalidateOnFocus: false,
    onSuccess: (summary) => {
      if (resumedOnOpen.current) return;
      resumedOnOpen.current = true;
      if (summary.attempts.some((a) => a.state === "in_progress")) void startRef.current();
    },
  });
  const [view, setView] = useState<View>({ kind: "summary" });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const start = useCallback(async () => {
    setStarting(true);
    setStartError(null);
    try {
      const attempt = await apiPost<StartedAttemptJson>(path);
      setView({ kind: "taking", attempt, clockOffsetMs: Date.parse(attempt.server_time) - Date.now() });
    } catch (e) {
      setStartError(failureMessage(e, "Failed to start the quiz attempt"));
      void mutate();
    } finally {
      setStarting(false);
    }
  }, [path, mutate]);
  useEffect(() => {
    startRef.current = start;
  }, [start]);

  const onFinished = useCallback(
    (attemptId: string) => {
      setView({ kind: "result", attemptId });
      void mutate();
    },
    [mutate],
  );
  const backToSummary = useCallback(() => {
    setView({ kind: "summary" });
    void mutate();
  }, [mutate]);

  if (view.kind === "taking")
    return (
      <QuizPlayer
        key={`${view.attempt.id}:${view.attempt.session}`}
        attempt={view.attempt}
        clockOffsetMs={view.clockOffsetMs}
        onFinished={onFinished}
        onTakeBack={() => void start()}
      />
    );
  if (view.kind === "result") return <QuizResult attemptId={view.attemptId} onBack={backToSummary} />;
  if (error && !data)
    return (
      <Alert severity="error" role="alert">
        {failureMessage(error, "Failed to load the quiz")}
      </Alert>
    );
  if (!data || (starting && data.attempts.some((a) => a.state === "in_progress")))
    return <Skeleton variant="rounded" height={200} role="status" aria-label="Loading the quiz" />;
  if (!data.quiz) return <Alert severity="info">This quiz has no questions yet.</Alert>;
  return (
    <QuizSummary
      summary={{ ...data, quiz: data.quiz }}
      starting={starting}
      error={startError}
      onStart={() => void start()}
      onReview={(attemptId) => setView({ kind: "result", attemptId })}
    />
  );
}
