import "server-only";
import { mapRichText, versionColumns } from "@/lib/assessments/question-content";
import { db } from "@/lib/db";
import { AppError, validationError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import type { Page } from "@/lib/schemas/pagination";
import {
  questionContentSchema,
  type ListQuestionsQuery,
  type QuestionContent,
  type UpdateQuestionInput,
} from "@/lib/schemas/questions";
import { requireManagedBank } from "@/lib/server/questions/access";
import {
  questionSelect,
  questionSummaryJson,
  questionVersionJson,
  questionVersionSelect,
  type QuestionDetailJson,
  type QuestionSummaryJson,
  type QuestionVersionJson,
} from "@/lib/server/questions/json";
import { sanitizeRichText } from "@/lib/server/rich-text";
import type { TenantContext } from "@/lib/tenancy/context";

// Questions of a bank, and their versions. Writing content always makes a version: the first on create,
// the next on an edit, in one transaction with the question's row (whose lock orders concurrent edits).
// Versions are never updated: an attempt keeps the version it was given.

const QUESTION_NOT_FOUND = "Question not found";

/**
 * The content with its rich text cleaned as lesson text is (keeping the organization's own content
 * images), checked again (cleaning can empty a field).
 */
export function cleanContent(content: QuestionContent, organizationId: string): QuestionContent {
  const parsed = questionContentSchema.safeParse(
    mapRichText(content, (html) => sanitizeRichText(html, organizationId)),
  );
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** A question of a bank the caller manages, or a 404. */
async function requireQuestion(ctx: TenantContext, bankId: string, questionId: string) {
  const bank = await requireManagedBank(ctx, bankId);
  if (!isId(questionId)) throw new AppError("NOT_FOUND", QUESTION_NOT_FOUND);
  const question = await db().question.findUnique({
    where: { organizationId_id: { organizationId: bank.organizationId, id: questionId } },
    select: questionSelect,
  });
  if (!question || question.bankId !== bank.id) throw new AppError("NOT_FOUND", QUESTION_NOT_FOUND);
  return { bank, question };
}

export async function listQuestions(
  ctx: TenantContext,
  bankId: string,
  query: ListQuestionsQuery,
): Promise<Page<QuestionSummaryJson>> {
  const { organizationId, id } = await requireManagedBank(ctx, bankId);
  const where: Prisma.QuestionWhereInput = { organizationId, bankId: id };
  if (query.archived !== "all") where.archivedAt = query.archived === "true" ? { not: null } : null;
  if (query.type) where.type = query.type;
  if (query.tag.length) where.tags = { hasEvery: query.tag };
  if (query.q) where.name = { contains: query.q, mode: "insensitive" };
  const [rows, total] = await Promise.all([
    db().question.findMany({
      where,
      select: questionSelect,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().question.count({ where }),
  ]);
  return { items: rows.map(questionSummaryJson), page: query.page, page_size: query.page_size, total };
}

export async function getQuestion(ctx: TenantContext, bankId: string, questionId: string): Promise<QuestionDetailJson> {
  const { bank, question } = await requireQuestion(ctx, bankId, questionId);
  const where = { organizationId: bank.organizationId, questionId: question.id };
  const [current, versions] = await Promise.all([
    db().questionVersion.findUniqueOrThrow({
      where: { organizationId_questionId_version: { ...where, version: question.currentVersion } },
      select: questionVersionSelect,
    }),
    db().questionVersion.findMany({
      where,
      select: { version: true, name: true, createdById: true, createdAt: true },
      orderBy: { version: "desc" },
    }),
  ]);
  return {
    ...questionSummaryJson(question),
    current: questionVersionJson(current),
    versions: versions.map((v) => ({
      version: v.version,
      name: v.name,
      created_by_id: v.createdById,
      created_at: v.createdAt.toISOString(),
    })),
  };
}

export async function getQuestionVersion(
  ctx: TenantContext,
  bankId: string,
  questionId: string,
  version: number,
): Promise<QuestionVersionJson> {
  const { bank, question } = await requireQuestion(ctx, bankId, questionId);
  const row = await db().questionVersion.findUnique({
    where: {
      organizationId_questionId_version: { organizationId: bank.organizationId, questionId: question.id, version },
    },
    select: questionVersionSelect,
  });
  if (!row) throw new AppError("NOT_FOUND", `Question version ${version} not found`);
  return questionVersionJson(row);
}

export async function createQuestion(
  ctx: TenantContext,
  bankId: string,
  input: QuestionContent,
): Promise<QuestionDetailJson> {
  const bank = await requireManagedBank(ctx, bankId);
  const content = cleanContent(input, bank.organizationId);
  const question = await db().$transaction((tx) => insertQuestion(tx, ctx, bank, content));
  return getQuestion(ctx, bank.id, question.id);
}

/**
 * Writes a question and its version 1 from cleaned content, in the caller's transaction: the one path of
 * createQuestion and of an import's run, so an imported question is stored exactly as one made by hand.
 */
export async function insertQuestion(
  tx: Prisma.TransactionClient,
  ctx: TenantContext,
  bank: { id: string; organizationId: string },
  content: QuestionContent,
): Promise<{ id: string }> {
  const columns = versionColumns(content);
  const { organizationId } = bank;
  const created = await tx.question.create({
    data: {
      organizationId,
      bankId: bank.id,
      type: columns.type,
      name: columns.name,
      tags: content.tags ?? [],
      createdById: ctx.userId,
    },
    select: { id: true },
  });
  await writeVersion(tx, ctx, { organizationId, questionId: created.id, version: 1 }, columns);
  return created;
}

/** One version row: what the question asks from this version on. */
async function writeVersion(
  tx: Prisma.TransactionClient,
  ctx: TenantContext,
  at: { organizationId: string; questionId: string; version: number },
  columns: ReturnType<typeof versionColumns>,
): Promise<void> {
  await tx.questionVersion.create({
    data: { ...columns, body: columns.body as Prisma.InputJsonObject, ...at, createdById: ctx.userId },
  });
}

/** An edit: the next version, with the same type. Earlier versions stay as they were. */
export async function reviseQuestion(
  ctx: TenantContext,
  bankId: string,
  questionId: string,
  input: QuestionContent,
): Promise<QuestionDetailJson> {
  const { bank, question } = await requireQuestion(ctx, bankId, questionId);
  if (input.type !== question.type) {
    const message = `A question's type cannot change (it is ${question.type}): make a new question instead`;
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { type: [message] } });
  }
  if (question.archivedAt)
    throw new AppError("CONFLICT", "The question is archived: restore it (archived: false) before editing it");
  const content = cleanContent(input, bank.organizationId);
  const columns = versionColumns(content);
  const { organizationId } = bank;
  await db().$transaction(async (tx) => {
    const { currentVersion } = await tx.question.update({
      where: { organizationId_id: { organizationId, id: question.id } },
      data: { currentVersion: { increment: 1 }, name: columns.name, ...(input.tags ? { tags: input.tags } : {}) },
      select: { currentVersion: true },
    });
    await writeVersion(tx, ctx, { organizationId, questionId: question.id, version: currentVersion }, columns);
  });
  return getQuestion(ctx, bank.id, question.id);
}

/** Tags, archiving and moving to another bank of the caller's: no new version. */
export async function updateQuestion(
  ctx: TenantContext,
  bankId: string,
  questionId: string,
  input: UpdateQuestionInput,
): Promise<QuestionDetailJson> {
  const { bank, question } = await requireQuestion(ctx, bankId, questionId);
  const target = input.bank_id ? await requireManagedBank(ctx, input.bank_id) : bank;
  const data: Prisma.QuestionUncheckedUpdateInput = { bankId: target.id };
  if (input.tags) data.tags = input.tags;
  if (input.archived !== undefined) data.archivedAt = input.archived ? (question.archivedAt ?? new Date()) : null;
  await db().question.update({
    where: { organizationId_id: { organizationId: bank.organizationId, id: question.id } },
    data,
  });
  return getQuestion(ctx, target.id, question.id);
}
