import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { tagsSchema } from "@/lib/schemas/questions";

// A quiz lesson's settings and questions, and what a learner sends while taking it (docs/assessments.md
// "Quizzes").

export const GRADING_METHODS = ["highest", "last", "average"] as const;
export const REVIEW_TIMINGS = ["immediately", "after_submission", "after_close", "never"] as const;
export type ReviewTiming = (typeof REVIEW_TIMINGS)[number];

const reviewTiming = (part: string) =>
  z
    .enum(REVIEW_TIMINGS, { error: `review.${part} must be one of ${REVIEW_TIMINGS.join(", ")}` })
    .default("after_submission");

const markSchema = z
  .number({ error: "mark must be a number" })
  .positive("mark must be positive")
  .max(1000, "mark must be at most 1000")
  .default(1);

// Loose: a field of the other kind (a fixed slot's bank_id) is kept for the service, which answers a foreign id
// with a 404 like any other and then refuses the mix with a 400 (lib/server/quizzes/settings.ts).
const fixedSlotSchema = z.looseObject({
  kind: z.literal("fixed"),
  question_id: idSchema,
  /** A pinned version; left out or null: the question's current version when an attempt starts. */
  version: z.number().int("version must be a whole number").min(1, "versions start at 1").nullish(),
  mark: markSchema,
});

const randomSlotSchema = z.looseObject({
  kind: z.literal("random"),
  bank_id: idSchema,
  include_sub_banks: z.boolean({ error: "include_sub_banks must be true or false" }).default(false),
  /** The drawn questions have every one of these tags. */
  tags: tagsSchema.default([]),
  count: z
    .number({ error: "count must be a number" })
    .int("count must be a whole number")
    .min(1, "count must be at least 1")
    .max(100, "count must be at most 100"),
  mark: markSchema,
});

export const quizSlotSchema = z.discriminatedUnion("kind", [fixedSlotSchema, randomSlotSchema], {
  error: "A slot's kind must be fixed or random",
});
export type QuizSlotInput = z.output<typeof quizSlotSchema>;

const dateTimeSchema = z.iso
  .datetime({ offset: true, error: "Give a date and time (ISO 8601)" })
  .transform((s) => new Date(s))
  .nullish();

/** PUT …/lessons/{lessonId}/quiz: the quiz's whole settings and its slots, in order. */
export const quizSettingsSchema = z
  .object({
    /** Left out or null: no time limit. */
    time_limit_seconds: z
      .number({ error: "time_limit_seconds must be a number" })
      .int("time_limit_seconds must be a whole number")
      .min(1, "time_limit_seconds must be at least 1")
      .max(7 * 86_400, "time_limit_seconds must be at most a week")
      .nullish(),
    /** Left out or null: unlimited. */
    max_attempts: z
      .number({ error: "max_attempts must be a number" })
      .int("max_attempts must be a whole number")
      .min(1, "max_attempts must be at least 1")
      .max(1000, "max_attempts must be at most 1000")
      .nullish(),
    grading_method: z
      .enum(GRADING_METHODS, { error: `grading_method must be one of ${GRADING_METHODS.join(", ")}` })
      .default("highest"),
    /** 0–100; left out or null: the quiz completes its lesson without passing or failing it. */
    pass_mark_percent: z
      .number({ error: "pass_mark_percent must be a number" })
      .min(0, "pass_mark_percent must be at least 0")
      .max(100, "pass_mark_percent must be at most 100")
      .nullish(),
    shuffle_answers: z.boolean({ error: "shuffle_answers must be true or false" }).default(true),
    /** 0: every question on one page. */
    questions_per_page: z
      .number({ error: "questions_per_page must be a number" })
      .int("questions_per_page must be a whole number")
      .min(0, "questions_per_page must be at least 0")
      .max(200, "questions_per_page must be at most 200")
      .default(0),
    review: z
      .object({
        marks: reviewTiming("marks"),
        correct_answers: reviewTiming("correct_answers"),
        feedback: reviewTiming("feedback"),
      })
      .prefault({}),
    opens_at: dateTimeSchema,
    closes_at: dateTimeSchema,
    slots: z.array(quizSlotSchema, { error: "slots must be a list" }).max(200, "At most 200 slots"),
  })
  .superRefine((quiz, ctx) => {
    if (quiz.opens_at && quiz.closes_at && quiz.closes_at <= quiz.opens_at)
      ctx.addIssue({ code: "custom", path: ["closes_at"], message: "closes_at must be after opens_at" });
    const fixed = quiz.slots.flatMap((s) => (s.kind === "fixed" ? [s.question_id] : []));
    if (new Set(fixed).size !== fixed.length)
      ctx.addIssue({ code: "custom", path: ["slots"], message: "A question may be placed in a quiz once" });
  });
export type QuizSettingsInput = z.output<typeof quizSettingsSchema>;

/** Which player holds the attempt: the `session` that starting or resuming it answered. */
const sessionSchema = z
  .number({ error: "session is required: the number starting or resuming the attempt answered" })
  .int("session must be a whole number")
  .min(1, "session must be at least 1");

/** PUT /api/quiz-attempts/{attemptId}/answers/{position}: one answer, as it is given. */
export const saveQuizAnswerSchema = z.object({
  session: sessionSchema,
  /** The client's counter for this attempt: a save whose sequence is not above the stored one changes nothing. */
  sequence: z
    .number({ error: "sequence must be a number" })
    .int("sequence must be a whole number")
    .min(1, "sequence must be at least 1")
    .max(2_147_483_647, "sequence is too large"),
  /** The question type's response (docs/assessments.md "Grading"). */
  response: z.record(z.string(), z.unknown(), { error: "response must be an object" }),
});
export type SaveQuizAnswerInput = z.output<typeof saveQuizAnswerSchema>;

/** POST /api/quiz-attempts/{attemptId}/submit. */
export const submitQuizAttemptSchema = z.object({ session: sessionSchema });
export type SubmitQuizAttemptInput = z.output<typeof submitQuizAttemptSchema>;

/** POST /api/quiz-attempts/{attemptId}/answers/{position}/check: the answer's review parts now, and it stays. */
export const checkQuizAnswerSchema = z.object({ session: sessionSchema });

/** The position of a question in its attempt: 1, 2, … */
export const attemptPositionSchema = z.coerce
  .number({ error: "position must be a number" })
  .int("position must be a whole number")
  .min(1, "positions start at 1")
  .max(10_000, "no such question");

/** PUT /api/quiz-attempts/{attemptId}/answers/{position}/grade: a person's grade, audited. */
export const gradeQuizAnswerSchema = z.object({
  marks: z.number({ error: "marks must be a number" }).min(0, "marks must not be negative").max(1000),
  comment: z
    .string({ error: "comment must be text" })
    .trim()
    .max(5000, "comment must be at most 5000 characters")
    .default(""),
});
export type GradeQuizAnswerInput = z.output<typeof gradeQuizAnswerSchema>;

/** POST …/lessons/{lessonId}/quiz/regrade. */
export const regradeQuizSchema = z.object({
  /** Move every attempt's questions to their current versions first (a corrected question); default: keep them. */
  current_versions: z.boolean({ error: "current_versions must be true or false" }).default(false),
});
export type RegradeQuizInput = z.output<typeof regradeQuizSchema>;
