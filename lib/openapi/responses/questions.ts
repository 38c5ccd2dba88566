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

// Question imports: lib/server/question-imports/serialize.ts.

const fileSpot = {
  line: z.number().int().min(1).meta({ description: "The line the question starts on in the file" }),
  index: z.number().int().min(1).meta({ description: "Its place among the file's questions" }),
  name: z.string().meta({ description: "Its name in the file (empty when it has none)" }),
};
const questionRefusalSchema = z
  .object({ ...fileSpot, reason: z.string() })
  .meta({ id: "QuestionImportRefusal", description: "A question of the file that will not be imported, and why" });

export const questionImportSchema = z
  .object({
    id,
    bank_id: id,
    file_name: z.string(),
    file_size: count,
    format: z.enum(["moodle_xml", "gift"]),
    status: z.enum(["checking", "checked", "running", "completed", "failed"]),
    questions_in_file: count.meta({ description: "Questions the parser read from the file, refused ones aside" }),
    refusals: z.array(questionRefusalSchema).meta({
      description: "The questions left out with their reasons: the parser's at once, the dry run's added when it ends",
    }),
    dry_run: z
      .object({
        questions: count.meta({ description: "Questions the run will create" }),
        by_type: z.record(questionType, count),
        banks_to_create: z
          .array(z.array(z.string()))
          .meta({ description: "Banks the run will create under the bank imported into, each as its path of names" }),
        refusals: z.array(questionRefusalSchema),
        notes: z
          .array(z.object({ ...fileSpot, note: z.string() }))
          .meta({ description: "What a question loses although it grades the same (combined feedback, hints)" }),
      })
      .nullable(),
    progress: z.object({
      phase: z.enum(["check", "run"]).nullable(),
      done: count,
      total: count,
    }),
    banks_created: count,
    questions_created: count,
    error: z.string().nullable(),
    created_at: timestamp,
    started_at: timestamp.nullable(),
    finished_at: timestamp.nullable(),
  })
  .meta({ id: "QuestionImport", description: "A Moodle XML or GIFT file imported into a question bank" });
