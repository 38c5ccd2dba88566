import { z } from "zod";

// Exporting a question bank as a Moodle XML or GIFT file, or a QTI 3.0 package (docs/assessments.md
// "Exporting to Moodle").

export const QUESTION_EXPORT_FORMATS = ["moodle_xml", "gift", "qti3"] as const;
export type QuestionExportFormat = (typeof QUESTION_EXPORT_FORMATS)[number];

const flag = (name: string, fallback: "true" | "false") =>
  z
    .enum(["true", "false"], { error: `${name} must be true or false` })
    .default(fallback)
    .transform((value) => value === "true");

export const exportQuestionBankQuerySchema = z.object({
  format: z.enum(QUESTION_EXPORT_FORMATS, { error: `format must be one of ${QUESTION_EXPORT_FORMATS.join(", ")}` }),
  /** The banks nested in it too, as categories under its own (the default). */
  include_sub_banks: flag("include_sub_banks", "true"),
  /** Archived questions too (their latest version); left out by default. */
  include_archived: flag("include_archived", "false"),
});
export type ExportQuestionBankQuery = z.infer<typeof exportQuestionBankQuerySchema>;
