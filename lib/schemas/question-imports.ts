import { z } from "zod";
import { QUESTION_FILE_FORMATS } from "@/lib/assessments/import/formats";

// Importing a Moodle XML or GIFT file into a question bank (docs/assessments.md "Importing from Moodle").

/**
 * A question file is read whole (XML is not read as it arrives), so its limit is lower than the CSV
 * import's: 20 MB holds tens of thousands of questions, and images, which would make files large, are refused anyway.
 */
export const MAX_QUESTION_IMPORT_BYTES = 20 * 1024 * 1024;

export const uploadQuestionImportQuerySchema = z.object({
  /** Left out: told from the file's name (.xml; .gift or .txt), else from its content. */
  format: z
    .enum(QUESTION_FILE_FORMATS, { error: `format must be one of ${QUESTION_FILE_FORMATS.join(", ")}` })
    .optional(),
});
export type UploadQuestionImportQuery = z.infer<typeof uploadQuestionImportQuerySchema>;
