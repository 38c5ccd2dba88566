import { giftAnswers, type GiftQuestion } from "@/lib/assessments/import/gift-answers";
import { ParsedFileBuilder, QuestionRefused, type ParsedQuestionFile } from "@/lib/assessments/import/result";
import { categoryPath, textFormat, toHtml, type TextFormat } from "@/lib/assessments/import/text";

// GIFT, Moodle's text format for questions, read as Moodle reads it (question/format/gift): questions are
// separated by blank lines; lines starting with // are comments; `$CATEGORY: path` moves the questions
// after it into that category; a question is `::name::[format]text{answers}text`. The escapes \~ \= \# \{
// \} \: \\ and \n stand for the character itself (\n a line break); they are set aside before the
// question's structure is read and put back in each piece of text.

const ESCAPES: [string, string][] = [
  ["\\\\", "\uE000"],
  ["\\:", "\uE001"],
  ["\\#", "\uE002"],
  ["\\=", "\uE003"],
  ["\\{", "\uE004"],
  ["\\}", "\uE005"],
  ["\\~", "\uE006"],
  ["\\n", "\uE007"],
];
const RESTORED: Record<string, string> = {
  "\uE000": "\\",
  "\uE001": ":",
  "\uE002": "#",
  "\uE003": "=",
  "\uE004": "{",
  "\uE005": "}",
  "\uE006": "~",
  "\uE007": "\n",
};

function protect(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const pair = text.slice(i, i + 2);
    const escape = ESCAPES.find(([written]) => written === pair);
    if (escape) {
      out += escape[1];
      i++;
    } else out += text[i];
  }
  return out;
}

/** The text with its escaped characters back, trimmed. */
export const restore = (text: string) => text.replace(/[\uE000-\uE007]/g, (c) => RESTORED[c] ?? c).trim();

/** A leading [html], [moodle], [plain] or [markdown] sets the text's format; otherwise `fallback`. */
export function withFormat(text: string, fallback: TextFormat): { text: string; format: TextFormat } {
  const trimmed = text.trimStart();
  const match = /^\[(html|moodle|plain|markdown)\]/.exec(trimmed);
  if (!match) return { text: trimmed, format: fallback };
  return { text: trimmed.slice(match[0].length), format: textFormat(match[1], fallback) };
}

interface Block {
  line: number;
  text: string;
}

/** Questions are separated by blank lines; comment lines are blanked inside a question, as Moodle does. */
function blocks(file: string): Block[] {
  const found: Block[] = [];
  let lines: string[] = [];
  let start = 0;
  const close = () => {
    const text = lines.join("\n").trim();
    if (text) found.push({ line: start, text });
    lines = [];
    start = 0;
  };
  file.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (line.trim() === "") return close();
    const comment = line.trim().startsWith("//");
    if (!comment && start === 0) start = i + 1;
    lines.push(comment ? "" : line);
  });
  close();
  return found;
}

/** One question's text, split into its name, its format, its text around the answers and the answers. */
function readQuestion(text: string, index: number): GiftQuestion {
  let rest = text;
  let name = "";
  if (rest.startsWith("::")) {
    const end = rest.indexOf("::", 2);
    if (end >= 0) {
      name = restore(rest.slice(2, end));
      rest = rest.slice(end + 2).trim();
    } else rest = rest.slice(2);
  }
  const open = rest.indexOf("{");
  const close = rest.indexOf("}");
  if (open < 0 && close < 0)
    throw new QuestionRefused("It has no answers ({…}): a description, with nothing to answer, is not imported");
  if (open < 0 || close < 0 || close < open)
    throw new QuestionRefused("Its braces do not match: write the answers as {…}, and a literal brace as \\{ or \\}");
  let answers = rest.slice(open + 1, close).trim();
  let generalFeedback = "";
  const separator = answers.lastIndexOf("####");
  if (separator >= 0) {
    generalFeedback = answers.slice(separator + 4);
    answers = answers.slice(0, separator).trim();
  }
  const before = withFormat(rest.slice(0, open), "moodle");
  const after = rest.slice(close + 1);
  const format = before.format;
  return {
    name,
    index,
    answers,
    isMissingWord: after.trim() !== "",
    stem: (blank) => toHtml(restore(before.text + (after.trim() === "" ? "" : blank + after)), format),
    generalFeedback: toHtml(restore(generalFeedback), format),
    html: (piece) => {
      const inner = withFormat(piece, format);
      return toHtml(restore(inner.text), inner.format);
    },
    plain: (piece) => restore(withFormat(piece, format).text),
  };
}

export function parseGift(file: string): ParsedQuestionFile {
  const builder = new ParsedFileBuilder();
  let path: string[] = [];
  let index = 0;
  for (const block of blocks(file)) {
    const text = protect(block.text);
    if (text.startsWith("$CATEGORY:")) {
      path = categoryPath(restore(text.slice("$CATEGORY:".length)));
      continue;
    }
    index += 1;
    const titled = /^::(.*?)::/s.exec(text);
    const source = { line: block.line, index, name: titled ? restore(titled[1]!) : "" };
    builder.add(source, path, () => giftAnswers(readQuestion(text, index)));
  }
  return builder.build();
}
