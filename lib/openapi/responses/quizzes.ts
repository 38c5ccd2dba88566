import { z } from "zod";
import { count, id, timestamp } from "@/lib/openapi/responses/common";
import { GRADING_METHODS, REVIEW_TIMINGS } from "@/lib/schemas/quizzes";
import { QUESTION_TYPES } from "@/lib/schemas/questions";

// Quizzes (docs/assessments.md "Quizzes"): lib/server/quizzes/settings.ts, attempt-json.ts, attempts.ts,
// answers.ts, review.ts, grading.ts.

const timing = z.enum(REVIEW_TIMINGS);
const attemptState = z.enum(["in_progress", "submitted", "graded", "needs_grading"]);

export const quizSettingsResponseSchema = z
  .object({
    id,
    course_id: id,
    lesson_id: id,
    time_limit_seconds: z.int().nullable(),
    max_attempts: z.int().nullable(),
    grading_method: z.enum(GRADING_METHODS),
    pass_mark_percent: z.number().nullable(),
    shuffle_answers: z.boolean(),
    questions_per_page: count,
    review: z.object({ marks: timing, correct_answers: timing, feedback: timing }),
    opens_at: timestamp.nullable(),
    closes_at: timestamp.nullable(),
    updated_at: timestamp,
  })
  .meta({ id: "QuizSettings" });

export const quizResponseSchema = quizSettingsResponseSchema
  .extend({
    slots: z.array(
      z.object({
        position: z.int(),
        kind: z.enum(["fixed", "random"]),
        question_id: id.nullable(),
        version: z.int().nullable(),
        bank_id: id.nullable(),
        include_sub_banks: z.boolean(),
        tags: z.array(z.string()),
        count: z.int(),
        mark: z.number(),
      }),
    ),
    max_score: z.number(),
  })
  .meta({ id: "Quiz", description: "A quiz's settings and its slots, in order (the course's editors)" });

const choice = z.object({ id: z.string(), text: z.string() });
export const learnerQuestionSchema = z
  .object({
    type: z.enum(QUESTION_TYPES),
    stem: z.string(),
    choices: z.array(choice).optional(),
    items: z.array(choice).optional(),
    prompts: z.array(z.object({ id: z.string(), prompt: z.string() })).optional(),
    answers: z.array(z.string()).optional(),
    units: z.array(z.string()).optional(),
    unit_required: z.boolean().optional(),
    gaps: z
      .array(
        z.object({
          id: z.string(),
          type: z.enum(["short_answer", "numeric", "choice"]),
          choices: z.array(choice).optional(),
          units: z.array(z.string()).optional(),
          unit_required: z.boolean().optional(),
        }),
      )
      .optional(),
    min_words: z.int().nullable().optional(),
    max_words: z.int().nullable().optional(),
  })
  .meta({
    id: "LearnerQuestion",
    description:
      "What a question asks and what can be answered, in the attempt's order: never a fraction, a right answer, a feedback, guidance for graders or the question's name",
  });

export const attemptResponseSchema = z
  .object({
    id,
    course_id: id,
    lesson_id: id,
    number: z.int(),
    state: attemptState,
    started_at: timestamp,
    deadline: timestamp
      .nullable()
      .meta({ description: "Server time; nothing is saved after it and the attempt is submitted" }),
    server_time: timestamp.meta({ description: "The server's clock when it answered" }),
    submitted_at: timestamp.nullable(),
    pages: z.int(),
    max_score: z.number(),
    can_check: z.boolean().meta({
      description: "The quiz shows a review part immediately: an answered question may be checked during the attempt",
    }),
    score: z.number().nullable().meta({ description: "Null until the review policy shows marks" }),
    percent: z.number().nullable(),
    questions: z.array(
      z.object({
        position: z.int(),
        page: z.int(),
        mark: z.number(),
        question: learnerQuestionSchema,
        answer: z
          .object({
            response: z.unknown(),
            sequence: z.int(),
            saved_at: timestamp,
            checked: z.boolean().meta({ description: "Checked during the attempt: it no longer changes" }),
          })
          .nullable(),
      }),
    ),
  })
  .meta({ id: "QuizAttempt", description: "The learner's own attempt" });

export const startedAttemptResponseSchema = attemptResponseSchema
  .extend({
    session: z.int().meta({
      description:
        "This window's hold on the attempt, sent with each save and the submission; a later start or resume elsewhere replaces it (409 ATTEMPT_REPLACED)",
    }),
  })
  .meta({ id: "StartedQuizAttempt" });

export const myQuizResponseSchema = z
  .object({
    quiz: quizSettingsResponseSchema.nullable(),
    attempts: z.array(
      z.object({
        id,
        number: z.int(),
        state: attemptState,
        started_at: timestamp,
        deadline: timestamp.nullable(),
        submitted_at: timestamp.nullable(),
        max_score: z.number(),
        score: z.number().nullable(),
      }),
    ),
    attempts_left: z.int().nullable(),
    lesson_percent: z.number().nullable(),
  })
  .meta({ id: "MyQuiz" });

export const savedAnswerResponseSchema = z
  .object({
    position: z.int(),
    sequence: z.int(),
    applied: z.boolean().meta({ description: "False: a save of this or a later sequence was already kept" }),
    saved_at: timestamp,
  })
  .meta({ id: "SavedQuizAnswer" });

export const reviewQuestionResponseSchema = z
  .object({
    position: z.int(),
    mark: z.number(),
    question: learnerQuestionSchema,
    response: z.unknown(),
    fraction: z.number().nullable().optional(),
    marks: z.number().nullable().optional(),
    feedback: z
      .object({ general: z.string(), specific: z.array(z.string()), comment: z.string().nullable() })
      .optional(),
    correct_answer: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .meta({ id: "QuizReviewQuestion", description: "Each part only when the quiz's review policy allows it now" });

export const attemptReviewResponseSchema = z
  .object({
    id,
    number: z.int(),
    state: z.string(),
    shows: z.object({ marks: z.boolean(), correct_answers: z.boolean(), feedback: z.boolean() }),
    score: z.number().nullable().optional(),
    percent: z.number().nullable().optional(),
    max_score: z.number(),
    questions: z.array(reviewQuestionResponseSchema),
  })
  .meta({ id: "QuizAttemptReview", description: "Each part only when the quiz's review policy allows it now" });

export const gradedAnswerResponseSchema = z
  .object({
    attempt_id: id,
    position: z.int(),
    marks: z.number(),
    state: z.enum(["graded", "needs_grading"]),
    score: z.number(),
  })
  .meta({ id: "GradedQuizAnswer" });

export const gradingQueueResponseSchema = z
  .object({
    items: z.array(
      z.object({
        attempt_id: id,
        lesson_id: id,
        user_id: id,
        number: z.int(),
        submitted_at: timestamp.nullable(),
        positions: z.array(z.int()),
      }),
    ),
  })
  .meta({ id: "QuizGradingQueue" });

export const quizStatisticsResponseSchema = z
  .object({
    graded_attempts: z.int(),
    mean_score_percent: z.number().nullable(),
    questions: z.array(
      z.object({
        question_id: id,
        name: z.string(),
        type: z.string(),
        attempts: z.int(),
        answered: z.int(),
        facility_percent: z.number(),
        sd_percent: z.number().nullable(),
        discrimination_percent: z.number().nullable(),
        options: z.array(z.object({ option: z.string(), count: z.int(), share_percent: z.number() })),
      }),
    ),
  })
  .meta({ id: "QuizStatistics" });
