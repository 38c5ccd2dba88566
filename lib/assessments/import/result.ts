import { resolveImages, type EmbeddedFile } from "@/lib/assessments/import/embedded-images";
import { questionContentSchema, type QuestionContentInput } from "@/lib/schemas/questions";

// What a question file's parser answers: the questions it read, each exactly as the create schema takes
// it and already accepted by that schema, with the category it sits in; and the questions it could not
// bring over, each with the reason. Nothing is dropped without one or the other.

/** Where a question is in its file: the line it starts on, its place among the file's questions, its name. */
export interface ImportSource {
  line: number;
  index: number;
  name: string;
}

export interface ImportedQuestion {
  /** Banks under the bank imported into, outermost first ([] for that bank itself). */
  categoryPath: string[];
  question: QuestionContentInput;
  source: ImportSource;
  /** What the file has that the question does not keep although it grades the same (combined feedback, hints). */
  notes: string[];
  /** The embedded images its text shows (as embeddedSrc), for the import's run to store. */
  images: EmbeddedFile[];
}

export interface ImportRefusal {
  source: ImportSource;
  reason: string;
}

export interface ParsedQuestionFile {
  questions: ImportedQuestion[];
  refusals: ImportRefusal[];
}

/** Thrown while a question is converted: the question is refused with this reason, the others go on. */
export class QuestionRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "QuestionRefused";
  }
}

/** Collects a file's questions, each checked by the app's own question schema before it is kept. */
export class ParsedFileBuilder {
  private readonly result: ParsedQuestionFile = { questions: [], refusals: [] };

  refuse(source: ImportSource, reason: string): void {
    this.result.refusals.push({ source, reason });
  }

  /**
   * Runs `convert`; its question is kept if its images are files it embeds (`files`, read after it) and
   * the schema accepts it, else refused with the reason.
   */
  add(
    source: ImportSource,
    categoryPath: string[],
    convert: (notes: string[]) => QuestionContentInput,
    files: () => EmbeddedFile[] = () => [],
  ): void {
    const notes: string[] = [];
    let converted: QuestionContentInput;
    let embedded: EmbeddedFile[];
    try {
      converted = convert(notes);
      embedded = files();
    } catch (error) {
      if (error instanceof QuestionRefused) return this.refuse(source, error.message);
      throw error;
    }
    const resolved = resolveImages(converted, embedded);
    if ("reason" in resolved) return this.refuse(source, resolved.reason);
    const { question, images } = resolved;
    notes.push(...resolved.notes);
    const parsed = questionContentSchema.safeParse(question);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
      return this.refuse(source, `${where}${issue?.message ?? "the question is not valid"}`);
    }
    this.result.questions.push({ categoryPath, question, source, notes, images });
  }

  build(): ParsedQuestionFile {
    return this.result;
  }
}

/** The file as a whole cannot be read (not XML, not a Moodle export, no question in it): nothing is imported. */
export class QuestionFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QuestionFileError";
  }
}
