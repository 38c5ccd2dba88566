import { parseGift } from "@/lib/assessments/import/gift";
import { parseMoodleXml } from "@/lib/assessments/import/moodle-xml";
import { QuestionFileError, type ParsedQuestionFile } from "@/lib/assessments/import/result";

// A question file's bytes → its questions and refusals, in the format given or told from the file.

export const QUESTION_FILE_FORMATS = ["moodle_xml", "gift"] as const;
export type QuestionFileFormat = (typeof QUESTION_FILE_FORMATS)[number];

/** By the name's extension (.xml; .gift or .txt), else by the content (XML starts with "<"). */
export function detectFormat(fileName: string, text: string): QuestionFileFormat {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === "xml") return "moodle_xml";
  if (extension === "gift" || extension === "txt") return "gift";
  return text.trimStart().startsWith("<") ? "moodle_xml" : "gift";
}

/** The file's text: UTF-8 (Moodle writes nothing else), without its byte order mark. */
export function decodeQuestionFile(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new QuestionFileError("The file is not UTF-8 text: export it from Moodle again, or save it as UTF-8");
  }
  if (text.includes("\u0000")) throw new QuestionFileError("The file is not text (it holds NUL bytes)");
  if (text.trim() === "") throw new QuestionFileError("The file is empty");
  return text.replace(/^\uFEFF/, "");
}

export function parseQuestionFile(text: string, format: QuestionFileFormat): ParsedQuestionFile {
  const parsed = format === "moodle_xml" ? parseMoodleXml(text) : parseGift(text);
  if (!parsed.questions.length && !parsed.refusals.length)
    throw new QuestionFileError(
      format === "gift"
        ? "The file holds no GIFT question (a question is text followed by its answers in braces: {…})"
        : "The file holds no question",
    );
  return parsed;
}
