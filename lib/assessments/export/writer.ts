import type { QuestionContent } from "@/lib/schemas/questions";

// What every question file writer answers, and the one builder that puts a file together from banks and
// their questions. A question the format cannot hold is skipped with the reason; one it holds although a
// setting is lost or written another way (which grades the same or does not grade at all) is written with
// notes saying so. Nothing is changed without one or the other.

/** One question as a writer takes it: its latest content, with the question's tags. */
export type ExportableQuestion = QuestionContent;

export type WrittenQuestion = { text: string; notes: string[]; skipped?: undefined } | { skipped: string };

export interface QuestionFileWriter {
  /** The file's opening, with the report of what was skipped or changed. */
  head(report: ExportReport): string;
  /** Moves the questions after it into the bank at `path` (the exported bank's name first). */
  category(path: string[]): string;
  question(content: ExportableQuestion): WrittenQuestion;
  foot(): string;
}

export interface ExportedEntry {
  /** The bank's path, the exported bank's name first. */
  category: string[];
  name: string;
}
export interface ExportReport {
  skipped: (ExportedEntry & { reason: string })[];
  changed: (ExportedEntry & { notes: string[] })[];
}

/** Puts a file together bank by bank, as the questions are read a page at a time. */
export interface QuestionFileBuilder {
  /** The questions after it go into the bank at `path`. */
  category(path: string[]): void;
  add(content: ExportableQuestion): void;
  readonly report: ExportReport;
  /** How many questions were written. */
  readonly count: number;
  build(): string | Uint8Array<ArrayBuffer>;
}

/** A text file's builder: the writer's pieces, the report at the top. */
export class ExportBuilder implements QuestionFileBuilder {
  private readonly pieces: string[] = [];
  private path: string[] = [];
  readonly report: ExportReport = { skipped: [], changed: [] };
  count = 0;

  constructor(private readonly writer: QuestionFileWriter) {}

  category(path: string[]): void {
    this.path = path;
    this.pieces.push(this.writer.category(path));
  }

  add(content: ExportableQuestion): void {
    const entry = { category: this.path, name: content.name };
    const written = this.writer.question(content);
    if (written.skipped !== undefined) return void this.report.skipped.push({ ...entry, reason: written.skipped });
    if (written.notes.length) this.report.changed.push({ ...entry, notes: written.notes });
    this.pieces.push(written.text);
    this.count += 1;
  }

  build(): string {
    return this.writer.head(this.report) + this.pieces.join("") + this.writer.foot();
  }
}

/** The report as lines of text, for the comment at the top of a file. */
export function reportLines(report: ExportReport): string[] {
  const where = (e: ExportedEntry) => `'${e.name}' (${e.category.join(" / ")})`;
  const lines: string[] = [];
  if (report.skipped.length) {
    lines.push(`Skipped ${report.skipped.length} question(s) this format cannot hold:`);
    for (const s of report.skipped) lines.push(`- ${where(s)}: ${s.reason}`);
  }
  if (report.changed.length) {
    lines.push(`Written with changes (${report.changed.length} question(s)):`);
    for (const c of report.changed) lines.push(`- ${where(c)}: ${c.notes.join("; ")}`);
  }
  return lines;
}

/** Whether any text of a question's content (its name, stem, choices, feedback…) matches `pattern`. */
export function anyText(value: unknown, pattern: RegExp): boolean {
  if (typeof value === "string") return pattern.test(value);
  if (Array.isArray(value)) return value.some((v) => anyText(v, pattern));
  if (value && typeof value === "object") return Object.values(value).some((v) => anyText(v, pattern));
  return false;
}
