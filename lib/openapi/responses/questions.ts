import { z } from "zod";
import { count, id, pageOf, timestamp } from "@/lib/openapi/responses/common";
import { QUESTION_TYPES } from "@/lib/schemas/questions";

// app/api/question-banks/**: lib/server/questions/json.ts.

export const questionBankSchema = z
  .object({
    id,
    parent_id: id.nullable(),
    name: z.string(),
    description: z.string(),
    question_count: count.meta({ description: "Its questions that are not archived" }),
    bank_count: count.meta({ description: "The banks nested directly in it" }),
    created_by_id: id.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "QuestionBank", description: "A question bank; banks nest (parent_id)" });

export const questionBankPageSchema = pageOf(questionBankSchema).meta({ id: "QuestionBankPage" });

const questionType = z.enum(QUESTION_TYPES);

export const questionSummarySchema = z
  .object({
    id,
    bank_id: id,
    type: questionType,
    name: z.string(),
    tags: z.array(z.string()),
    current_version: z.number().int().min(1),
    archived_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "QuestionSummary", description: "A question of a bank, as its list shows it" });

export const questionPageSchema = pageOf(questionSummarySchema).meta({ id: "QuestionPage" });

/** The stored content, as written (docs/assessments.md has each type's fields). */
const questionContentOutSchema = z
  .object({
    type: questionType,
    name: z.string(),
    stem: z.string().meta({ description: "Sanitized rich text (HTML)" }),
    default_mark: z.number(),
    general_feedback: z.string(),
  })
  .catchall(z.unknown())
  .meta({
    id: "QuestionContent",
    description:
      "The question's content: the common fields and its type's own (choices, answers, pairs, items, gaps, grading…)",
  });

export const questionVersionSchema = z
  .object({
    id,
    question_id: id,
    version: z.number().int().min(1),
    created_by_id: id.nullable(),
    created_at: timestamp,
    content: questionContentOutSchema,
  })
  .meta({ id: "QuestionVersion", description: "One version of a question; versions never change" });

export const questionDetailSchema = questionSummarySchema
  .extend({
    current: questionVersionSchema,
    versions: z.array(
      z.object({
        version: z.number().int().min(1),
        name: z.string(),
        created_by_id: id.nullable(),
        created_at: timestamp,
      }),
    ),
  })
  .meta({
    id: "QuestionDetail",
    description: "A question, its current version and the list of its versions (newest first)",
  });
