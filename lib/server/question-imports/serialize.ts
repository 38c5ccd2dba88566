import type { QuestionImport } from "@/lib/generated/prisma/client";
import type { ImportRefusal } from "@/lib/assessments/import/result";
import type { QuestionType } from "@/lib/schemas/questions";

// A question import as the API answers it (lib/openapi/paths/questions.ts "QuestionImport").

export interface QuestionRefusalJson {
  line: number;
  index: number;
  name: string;
  reason: string;
}

export interface QuestionNoteJson {
  line: number;
  index: number;
  name: string;
  note: string;
}

/** What the dry run found: what the run will create, and what it will leave out and why. */
export interface QuestionImportReport {
  /** Questions the run will create. */
  questions: number;
  by_type: Partial<Record<QuestionType, number>>;
  /** Banks the run will create under the bank imported into, each as its path of names. */
  banks_to_create: string[][];
  refusals: QuestionRefusalJson[];
  notes: QuestionNoteJson[];
}

export interface QuestionImportJson {
  id: string;
  bank_id: string;
  file_name: string;
  file_size: number;
  format: string;
  status: QuestionImport["status"];
  /** Questions of the file that the parser read (refused ones aside). */
  questions_in_file: number;
  /** The questions left out, with their reasons: the parser's at once, with the dry run's once it ends. */
  refusals: QuestionRefusalJson[];
  dry_run: QuestionImportReport | null;
  progress: { phase: "check" | "run" | null; done: number; total: number };
  banks_created: number;
  questions_created: number;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export const refusalJson = ({ source, reason }: ImportRefusal): QuestionRefusalJson => ({ ...source, reason });

export function questionImportJson(row: QuestionImport): QuestionImportJson {
  const report = row.report as QuestionImportReport | null;
  const phase = row.status === "checking" ? "check" : row.status === "running" ? "run" : null;
  return {
    id: row.id,
    bank_id: row.bankId,
    file_name: row.fileName,
    file_size: row.fileSize,
    format: row.format,
    status: row.status,
    questions_in_file: row.totalQuestions,
    refusals: report?.refusals ?? (row.refusals as unknown as QuestionRefusalJson[]),
    dry_run: report,
    progress: { phase, done: row.processed, total: phase === "run" ? (report?.questions ?? 0) : row.totalQuestions },
    banks_created: row.banksCreated,
    questions_created: row.questionsCreated,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
