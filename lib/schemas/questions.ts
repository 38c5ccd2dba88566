import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";
import {
  checkEssay,
  checkFillInBlanks,
  checkMatching,
  checkMultipleResponse,
  checkNumeric,
  checkShortAnswer,
  checkSingleChoice,
  essayFields,
  fillInBlanksFields,
  matchingFields,
  multipleResponseFields,
  numericFields,
  orderingFields,
  reporter,
  richTextSchema,
  shortAnswerFields,
  singleChoiceFields,
  trueFalseFields,
} from "@/lib/schemas/question-types";

// Question banks and questions (docs/assessments.md). A question's content is one of the types below,
// told apart by `type`; the type's own fields are in lib/schemas/question-types.ts.

export const QUESTION_TYPES = [
  "single_choice",
  "multiple_response",
  "true_false",
  "short_answer",
  "numeric",
  "matching",
  "ordering",
  "fill_in_blanks",
  "essay",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(255, `${label} must be at most 255 characters`);

/** Tags are compared without case: stored trimmed, lower-case, once each. */
export const tagSchema = z
  .string({ error: "A tag must be text" })
  .trim()
  .toLowerCase()
  .min(1, "A tag must not be empty")
  .max(50, "A tag must be at most 50 characters")
  .regex(/^[^,]+$/, "A tag must not contain a comma");
export const tagsSchema = z
  .array(tagSchema, { error: "tags must be a list of words" })
  .max(30, "At most 30 tags")
  .transform((tags) => [...new Set(tags)]);

/** What every question has besides its type's own fields. */
const commonFields = {
  name: nameSchema("Name"),
  /** Rich text (HTML). In a fill-in-the-blanks question it holds the gaps' markers, `[[id]]`. */
  stem: richTextSchema("stem", 50_000).trim().min(1, "stem is required"),
  default_mark: z
    .number({ error: "default_mark must be a number" })
    .positive("default_mark must be positive")
    .max(1000, "default_mark must be at most 1000")
    .default(1),
  general_feedback: richTextSchema("general_feedback", 10_000).default(""),
  /** Left out on an edit: the tags stay as they are. */
  tags: tagsSchema.optional(),
};

/** A question's content: the body of POST …/questions, and of PUT …/questions/{id} (its next version). */
export const questionContentSchema = z.discriminatedUnion(
  "type",
  [
    z
      .object({ type: z.literal("single_choice"), ...commonFields, ...singleChoiceFields })
      .superRefine((q, ctx) => checkSingleChoice(q, reporter(ctx))),
    z
      .object({ type: z.literal("multiple_response"), ...commonFields, ...multipleResponseFields })
      .superRefine((q, ctx) => checkMultipleResponse(q, reporter(ctx))),
    z.object({ type: z.literal("true_false"), ...commonFields, ...trueFalseFields }),
    z
      .object({ type: z.literal("short_answer"), ...commonFields, ...shortAnswerFields })
      .superRefine((q, ctx) => checkShortAnswer(q, reporter(ctx))),
    z
      .object({ type: z.literal("numeric"), ...commonFields, ...numericFields })
      .superRefine((q, ctx) => checkNumeric(q, reporter(ctx))),
    z
      .object({ type: z.literal("matching"), ...commonFields, ...matchingFields })
      .superRefine((q, ctx) => checkMatching(q, reporter(ctx))),
    z.object({ type: z.literal("ordering"), ...commonFields, ...orderingFields }),
    z
      .object({ type: z.literal("fill_in_blanks"), ...commonFields, ...fillInBlanksFields })
      .superRefine((q, ctx) => checkFillInBlanks(q, reporter(ctx))),
    z
      .object({ type: z.literal("essay"), ...commonFields, ...essayFields })
      .superRefine((q, ctx) => checkEssay(q, reporter(ctx))),
  ],
  { error: `type must be one of ${QUESTION_TYPES.join(", ")}` },
);
export type QuestionContentInput = z.input<typeof questionContentSchema>;
export type QuestionContent = z.output<typeof questionContentSchema>;
export type QuestionContentOf<T extends QuestionType> = Extract<QuestionContent, { type: T }>;

/** What a learner answers, per type: what the grading reads (lib/assessments/grading.ts). */
export const questionResponseSchemas = {
  single_choice: z.object({ choice_id: z.string().max(40) }),
  multiple_response: z.object({ choice_ids: z.array(z.string().max(40)).max(50) }),
  true_false: z.object({ value: z.boolean() }),
  short_answer: z.object({ text: z.string().max(1_000) }),
  /** A number, optionally followed by a unit: "1.5", "-2e3", "150 cm". */
  numeric: z.object({ text: z.string().max(100) }),
  /** Pair id → the answer chosen for it. */
  matching: z.object({ matches: z.record(z.string().max(40), z.string().max(500)) }),
  /** Item ids in the order given. */
  ordering: z.object({ order: z.array(z.string().max(40)).max(50) }),
  /** Gap id → the text typed, or the id of the choice picked. */
  fill_in_blanks: z.object({ gaps: z.record(z.string().max(40), z.string().max(1_000)) }),
  essay: z.object({ text: z.string().max(200_000) }),
} satisfies Record<QuestionType, z.ZodType>;
export type QuestionResponse<T extends QuestionType> = z.output<(typeof questionResponseSchemas)[T]>;

// ── banks ──

const descriptionSchema = z
  .string({ error: "description must be text" })
  .trim()
  .max(2000, "description must be at most 2000 characters");

export const createQuestionBankSchema = z.object({
  name: nameSchema("Name"),
  description: descriptionSchema.optional(),
  /** The bank to nest it in; left out or null: a top-level bank. */
  parent_id: idSchema.nullable().optional(),
});
export type CreateQuestionBankInput = z.infer<typeof createQuestionBankSchema>;

/** Rename, describe or move (parent_id; null: to the top level). */
export const updateQuestionBankSchema = createQuestionBankSchema
  .partial()
  .refine((input) => Object.values(input).some((v) => v !== undefined), "Give name, description or parent_id");
export type UpdateQuestionBankInput = z.infer<typeof updateQuestionBankSchema>;

const searchSchema = z.string().trim().max(200, "The search text must be at most 200 characters").optional();

export const listQuestionBanksQuerySchema = paginationQuerySchema.extend({
  q: searchSchema,
  /** Only the banks nested directly in this one. */
  parent_id: idSchema.optional(),
});
export type ListQuestionBanksQuery = z.infer<typeof listQuestionBanksQuerySchema>;

export const listQuestionsQuerySchema = paginationQuerySchema.extend({
  /** Searches the questions' names. */
  q: searchSchema,
  /** Comma-separated: questions that have every one of these tags. */
  tag: z
    .string()
    .max(500, "tag must be at most 500 characters")
    .optional()
    .transform((value) =>
      value
        ? [
            ...new Set(
              value
                .split(",")
                .map((t) => t.trim().toLowerCase())
                .filter(Boolean),
            ),
          ]
        : [],
    ),
  type: z.enum(QUESTION_TYPES, { error: `type must be one of ${QUESTION_TYPES.join(", ")}` }).optional(),
  archived: z.enum(["false", "true", "all"], { error: "archived must be false, true or all" }).default("false"),
});
export type ListQuestionsQuery = z.infer<typeof listQuestionsQuerySchema>;

/** Tags, the bank it is in, archived or not: none of these makes a new version. */
export const updateQuestionSchema = z
  .object({
    tags: tagsSchema.optional(),
    archived: z.boolean({ error: "archived must be true or false" }).optional(),
    bank_id: idSchema.optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), "Give tags, archived or bank_id");
export type UpdateQuestionInput = z.infer<typeof updateQuestionSchema>;

export const questionVersionParamSchema = z.coerce
  .number({ error: "version must be a number" })
  .int("version must be a whole number")
  .min(1, "versions start at 1")
  .max(1_000_000, "no such version");
