import { XMLValidator } from "fast-xml-parser";
import { convertMoodleQuestion, embeddedFiles } from "@/lib/assessments/import/moodle-xml-types";
import { declaresEntities, questionXmlParser } from "@/lib/assessments/import/question-xml";
import { ParsedFileBuilder, QuestionFileError, type ParsedQuestionFile } from "@/lib/assessments/import/result";
import { categoryPath } from "@/lib/assessments/import/text";
import { attr, child, children, text, type XmlNode } from "@/lib/scorm/xml";

// Moodle XML (Moodle's own export of a question bank: <quiz><question type="…">…</quiz>) → questions.
// A category pseudo-question sets the banks the next questions go into; each question of a type with an
// equivalent here becomes that question, checked by the app's schema; any other is refused with its reason.
// The XML cannot reach outside itself: a DOCTYPE or an entity declaration is refused before parsing.

function readXml(xml: string): XmlNode {
  if (declaresEntities(xml))
    throw new QuestionFileError(
      "The file declares a DOCTYPE or entities, which are not allowed (they can read files or expand without limit)",
    );
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new QuestionFileError(
      `The file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`,
    );
  return questionXmlParser.parse(xml) as XmlNode;
}

/** The line each <question> element starts on, in the order of the document. */
function questionLines(xml: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const match of xml.matchAll(/<question[\s>]/g)) {
    for (let i = from; i < match.index; i++) if (xml.charCodeAt(i) === 10) line++;
    from = match.index;
    lines.push(line);
  }
  return lines;
}

export function parseMoodleXml(xml: string): ParsedQuestionFile {
  const root = readXml(xml);
  const quiz = child(root, "quiz");
  if (quiz === undefined)
    throw new QuestionFileError("The file is XML but not a Moodle question export: its root element must be <quiz>");
  const elements = children(quiz, "question");
  if (!elements.length) throw new QuestionFileError("The file holds no question: <quiz> has no <question> element");
  const lines = questionLines(xml);
  const builder = new ParsedFileBuilder();
  let path: string[] = [];
  let index = 0;
  elements.forEach((element, i) => {
    const type = attr(element, "type") ?? "";
    if (type === "category") {
      path = categoryPath(text(child(child(element, "category"), "text")));
      return;
    }
    index += 1;
    const source = { line: lines[i] ?? 1, index, name: text(child(child(element, "name"), "text")) };
    builder.add(
      source,
      path,
      (notes) => convertMoodleQuestion(type, element, index, notes),
      () => embeddedFiles(element),
    );
  });
  return builder.build();
}
