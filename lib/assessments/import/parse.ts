import type { QuestionFileFormat } from "@/lib/assessments/import/formats";
import { parseGift } from "@/lib/assessments/import/gift";
import { parseMoodleXml } from "@/lib/assessments/import/moodle-xml";
import { parseQtiPackage, parseQtiXml } from "@/lib/assessments/import/qti";
import { QuestionFileError, type ParsedQuestionFile } from "@/lib/assessments/import/result";

// A question file's bytes → its questions and refusals, in the format given or told from the file.

/** By the name's extension (.xml; .gift or .txt), else by the content (XML starts with "<"); a QTI item is XML. */
export function detectFormat(fileName: string, text: string): QuestionFileFormat {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (/<qti-assessment-item\b/.test(text.slice(0, 4096))) return "qti3";
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

/** A ZIP (a QTI 3.0 content package) starts with "PK\x03\x04". */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The file's bytes → its format (given, or told from it) and its questions and refusals. */
export async function readQuestionFile(
  bytes: Uint8Array,
  fileName: string,
  given: QuestionFileFormat | undefined,
): Promise<{ format: QuestionFileFormat; parsed: ParsedQuestionFile }> {
  if (isZip(bytes)) {
    if (given && given !== "qti3") throw new QuestionFileError(`The file is a ZIP archive, not ${given}`);
    return { format: "qti3", parsed: await parseQtiPackage(bytes) };
  }
  const text = decodeQuestionFile(bytes);
  const format = given ?? detectFormat(fileName, text);
  return { format, parsed: parseQuestionFile(text, format) };
}

const PARSERS: Record<QuestionFileFormat, (text: string) => ParsedQuestionFile> = {
  moodle_xml: parseMoodleXml,
  gift: parseGift,
  qti3: parseQtiXml,
};

export function parseQuestionFile(text: string, format: QuestionFileFormat): ParsedQuestionFile {
  const parsed = PARSERS[format](text);
  if (!parsed.questions.length && !parsed.refusals.length)
    throw new QuestionFileError(
      format === "gift"
        ? "The file holds no GIFT question (a question is text followed by its answers in braces: {…})"
        : "The file holds no question",
    );
  return parsed;
}
