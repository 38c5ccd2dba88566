import { z } from "zod";
import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import { CSV } from "@/lib/openapi/paths/reports";
import {
  attemptResponseSchema,
  attemptReviewResponseSchema,
  gradedAnswerResponseSchema,
  gradingQueueResponseSchema,
  myQuizResponseSchema,
  quizResponseSchema,
  quizStatisticsResponseSchema,
  reviewQuestionResponseSchema,
  savedAnswerResponseSchema,
  startedAttemptResponseSchema,
} from "@/lib/openapi/responses/quizzes";
import { idSchema } from "@/lib/schemas/id";
import {
  checkQuizAnswerSchema,
  gradeQuizAnswerSchema,
  quizSettingsSchema,
  regradeQuizSchema,
  saveQuizAnswerSchema,
  submitQuizAttemptSchema,
} from "@/lib/schemas/quizzes";

// Quizzes (docs/assessments.md "Quizzes"): a quiz lesson's settings and questions for its course's
// editors; a learner's attempts, which are theirs alone (anyone else's is a 404); grading by the editors.

const lesson = pathIds("courseId", "lessonId");
const answerPath = z.object({ attemptId: idSchema, position: z.string().regex(/^[1-9][0-9]*$/) });
const EDIT = { access: "signed-in", permission: "courses:update:own" } as const;
const OWN = { access: "signed-in", permission: "courses:enroll:self" } as const;

export const quizPaths = definePaths("Quizzes", {
  "/api/courses/{courseId}/lessons/{lessonId}/quiz": {
    requestParams: { path: lesson },
    get: {
      operationId: "getQuiz",
      summary: "A quiz lesson's settings and slots (the course's editors)",
      ...EDIT,
      responses: { 200: json("The quiz", quizResponseSchema) },
      errors: [400, 403, 404],
    },
    put: {
      operationId: "putQuiz",
      summary: "Set a quiz lesson's settings and slots, in order",
      description:
        "The whole quiz: settings and slots. A slot is a fixed question (optionally a pinned version) or a random draw from a bank " +
        "(with its sub-banks) of questions having every tag. A bank or question the caller does not manage is a 404. " +
        "Attempts already started keep the questions they drew.",
      ...EDIT,
      requestBody: jsonBody(quizSettingsSchema),
      responses: { 200: json("The quiz", quizResponseSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/quiz/attempts": {
    requestParams: { path: lesson },
    get: {
      operationId: "listMyQuizAttempts",
      summary: "The quiz as the caller sees it before starting, and their own attempts",
      ...OWN,
      responses: { 200: json("The quiz and the caller's attempts", myQuizResponseSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "startQuizAttempt",
      summary: "Start an attempt, or resume the one in progress",
      description:
        "Random draws are made once, when the attempt is created; resuming answers the same questions in the same order. " +
        "The answer's `session` is this window's hold on the attempt: a start or resume elsewhere replaces it. " +
        "409 when the caller is not enrolled, the quiz is not open, has no questions, or every allowed attempt is used.",
      ...OWN,
      responses: { 200: json("The attempt", startedAttemptResponseSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/quiz/regrade": {
    requestParams: { path: lesson },
    post: {
      operationId: "regradeQuiz",
      summary: "Grade the quiz's finished attempts again (audited)",
      description:
        "With `current_versions`, each attempt's questions move to their current versions first (a corrected question). " +
        "People's grades stay.",
      ...EDIT,
      requestBody: { ...jsonBody(regradeQuizSchema), required: false },
      responses: { 200: json("How many attempts were regraded", z.object({ regraded: z.int() })) },
      errors: [400, 403, 404],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/quiz/statistics": {
    requestParams: { path: lesson },
    get: {
      operationId: "getQuizStatistics",
      summary: "Item analysis of the quiz's graded attempts: facility, discrimination and each option's share",
      description:
        "Per question, wherever it appeared: the facility index (mean mark as a percentage of the question's mark), " +
        "its standard deviation, the discrimination index (the correlation of the question's mark with the rest of " +
        "the attempt's score, × 100) and, for the choice types, how many attempts chose each option.",
      ...EDIT,
      responses: { 200: json("The quiz's statistics", quizStatisticsResponseSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/quiz/statistics/export": {
    requestParams: { path: lesson },
    get: {
      operationId: "exportQuizStatistics",
      summary: "The quiz's item analysis as CSV: a row per question, its options' shares in the last column",
      ...EDIT,
      responses: CSV,
      errors: [400, 403, 404],
    },
  },
  "/api/courses/{courseId}/quiz-grading": {
    requestParams: { path: pathIds("courseId") },
    get: {
      operationId: "listQuizGradingQueue",
      summary: "The course's quiz attempts with answers waiting for a person, oldest first",
      ...EDIT,
      responses: { 200: json("The grading queue", gradingQueueResponseSchema) },
      errors: [403, 404],
    },
  },
  "/api/quiz-attempts/{attemptId}": {
    requestParams: { path: pathIds("attemptId") },
    get: {
      operationId: "getQuizAttempt",
      summary: "The caller's own attempt: its clock, its questions and saved answers",
      description: "Past its deadline, the attempt is submitted first.",
      ...OWN,
      responses: { 200: json("The attempt", attemptResponseSchema) },
      errors: [403, 404],
    },
  },
  "/api/quiz-attempts/{attemptId}/answers/{position}": {
    requestParams: { path: answerPath },
    put: {
      operationId: "saveQuizAnswer",
      summary: "Save one answer as it is given",
      description:
        "Acknowledged with the sequence the server keeps: a save whose `sequence` is not above the stored one changes nothing. " +
        "409 CONFLICT once the attempt is submitted or past its deadline (it is then submitted); " +
        "409 ATTEMPT_REPLACED when another window or device has taken the attempt over; " +
        "409 ANSWER_CHECKED for a newer answer to a question the learner checked.",
      ...OWN,
      requestBody: jsonBody(saveQuizAnswerSchema),
      responses: { 200: json("The acknowledgement", savedAnswerResponseSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/quiz-attempts/{attemptId}/answers/{position}/check": {
    requestParams: { path: answerPath },
    post: {
      operationId: "checkQuizAnswer",
      summary: "Check an answer during the attempt: its review parts now, and the answer no longer changes",
      description:
        "For a quiz whose review policy shows marks, right answers or feedback immediately (`can_check`). " +
        "409 CONFLICT when the quiz shows nothing before submission, the question has no saved answer, or the attempt is over.",
      ...OWN,
      requestBody: jsonBody(checkQuizAnswerSchema),
      responses: { 200: json("The question as the review shows it", reviewQuestionResponseSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/quiz-attempts/{attemptId}/answers/{position}/grade": {
    requestParams: { path: answerPath },
    put: {
      operationId: "gradeQuizAnswer",
      summary: "Grade one answer of a submitted attempt by hand (the course's editors; audited)",
      ...EDIT,
      requestBody: jsonBody(gradeQuizAnswerSchema),
      responses: { 200: json("The grade and the attempt's score", gradedAnswerResponseSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/quiz-attempts/{attemptId}/submit": {
    requestParams: { path: pathIds("attemptId") },
    post: {
      operationId: "submitQuizAttempt",
      summary: "Submit the attempt: graded at once, essays to the grading queue",
      ...OWN,
      requestBody: jsonBody(submitQuizAttemptSchema),
      responses: { 200: json("The submitted attempt", attemptResponseSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/quiz-attempts/{attemptId}/review": {
    requestParams: { path: pathIds("attemptId") },
    get: {
      operationId: "getQuizAttemptReview",
      summary: "The attempt with the marks, right answers and feedback the quiz's review policy allows now",
      ...OWN,
      responses: { 200: json("The review", attemptReviewResponseSchema) },
      errors: [403, 404],
    },
  },
});
