import type { AttemptJson, AttemptQuestionJson } from "@/lib/server/quizzes/attempt-json";
import type { AttemptSummaryJson, MyQuizJson, StartedAttemptJson } from "@/lib/server/quizzes/attempts";
import type { AttemptReviewJson, ReviewQuestionJson } from "@/lib/server/quizzes/review";
import type { LearnerQuestionView } from "@/lib/assessments/learner-view";

// The quiz API as the learner's player calls it (docs/assessments.md "Routes"), and the shapes it answers.

export type { AttemptJson, AttemptQuestionJson, AttemptReviewJson, AttemptSummaryJson, LearnerQuestionView };
export type { MyQuizJson, ReviewQuestionJson, StartedAttemptJson };

/** A question's response, as docs/assessments.md "Grading" has it per type. */
export type QuizResponse = Record<string, unknown>;

export const quizAttemptsPath = (courseId: string, lessonId: string) =>
  `/api/courses/${courseId}/lessons/${lessonId}/quiz/attempts`;
export const attemptPath = (attemptId: string) => `/api/quiz-attempts/${attemptId}`;
export const answerPath = (attemptId: string, position: number) =>
  `/api/quiz-attempts/${attemptId}/answers/${position}`;
export const checkPath = (attemptId: string, position: number) =>
  `/api/quiz-attempts/${attemptId}/answers/${position}/check`;
export const submitPath = (attemptId: string) => `/api/quiz-attempts/${attemptId}/submit`;
export const reviewPath = (attemptId: string) => `/api/quiz-attempts/${attemptId}/review`;

/** The 409 code of a save or submission from a window another one has taken the attempt from. */
export const ATTEMPT_REPLACED = "ATTEMPT_REPLACED";
/** The 409 code of a newer answer to a question checked during the attempt: that answer stays as checked. */
export const ANSWER_CHECKED = "ANSWER_CHECKED";
