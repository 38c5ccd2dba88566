import "server-only";
import { contentOf } from "@/lib/assessments/question-content";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { QuestionContent, QuestionType } from "@/lib/schemas/questions";

// The shapes the question bank API answers (lib/openapi/responses/questions.ts), with the selects that
// read them: nothing else of a row reaches a client.

export const questionBankSelect = {
  id: true,
  parentId: true,
  name: true,
  description: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { questions: { where: { archivedAt: null } }, children: true } },
} satisfies Prisma.QuestionBankSelect;

export interface QuestionBankJson {
  id: string;
  parent_id: string | null;
  name: string;
  description: string;
  /** Its questions that are not archived. */
  question_count: number;
  /** The banks nested directly in it. */
  bank_count: number;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

export function questionBankJson(
  bank: Prisma.QuestionBankGetPayload<{ select: typeof questionBankSelect }>,
): QuestionBankJson {
  return {
    id: bank.id,
    parent_id: bank.parentId,
    name: bank.name,
    description: bank.description,
    question_count: bank._count.questions,
    bank_count: bank._count.children,
    created_by_id: bank.createdById,
    created_at: bank.createdAt.toISOString(),
    updated_at: bank.updatedAt.toISOString(),
  };
}

export const questionSelect = {
  id: true,
  bankId: true,
  type: true,
  name: true,
  tags: true,
  currentVersion: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.QuestionSelect;

export interface QuestionSummaryJson {
  id: string;
  bank_id: string;
  type: QuestionType;
  name: string;
  tags: string[];
  current_version: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export function questionSummaryJson(
  q: Prisma.QuestionGetPayload<{ select: typeof questionSelect }>,
): QuestionSummaryJson {
  return {
    id: q.id,
    bank_id: q.bankId,
    type: q.type,
    name: q.name,
    tags: q.tags,
    current_version: q.currentVersion,
    archived_at: q.archivedAt?.toISOString() ?? null,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  };
}

export const questionVersionSelect = {
  id: true,
  questionId: true,
  version: true,
  type: true,
  name: true,
  stem: true,
  body: true,
  defaultMark: true,
  generalFeedback: true,
  createdById: true,
  createdAt: true,
} satisfies Prisma.QuestionVersionSelect;

export interface QuestionVersionJson {
  id: string;
  question_id: string;
  version: number;
  created_by_id: string | null;
  created_at: string;
  /** What the version asks, as it was written: the body of an edit, less the tags. */
  content: QuestionContent;
}

export function questionVersionJson(
  v: Prisma.QuestionVersionGetPayload<{ select: typeof questionVersionSelect }>,
): QuestionVersionJson {
  return {
    id: v.id,
    question_id: v.questionId,
    version: v.version,
    created_by_id: v.createdById,
    created_at: v.createdAt.toISOString(),
    content: contentOf(v),
  };
}

export interface QuestionVersionSummaryJson {
  version: number;
  name: string;
  created_by_id: string | null;
  created_at: string;
}

export interface QuestionDetailJson extends QuestionSummaryJson {
  /** The current version. */
  current: QuestionVersionJson;
  /** Every version, newest first. */
  versions: QuestionVersionSummaryJson[];
}
