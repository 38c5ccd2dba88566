import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";
import type { CreateQuestionBankInput, ListQuestionBanksQuery, UpdateQuestionBankInput } from "@/lib/schemas/questions";
import { managedBanksWhere, requireManagedBank } from "@/lib/server/questions/access";
import { questionBankJson, questionBankSelect, type QuestionBankJson } from "@/lib/server/questions/json";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// Question banks: nested (a bank's parent is another bank of the organization), names unique among
// siblings, deleted only when empty.

/** The banks the caller manages, by name; `parent_id` narrows to the banks nested directly in one. */
export async function listQuestionBanks(
  ctx: TenantContext,
  query: ListQuestionBanksQuery,
): Promise<Page<QuestionBankJson>> {
  const filters: Prisma.QuestionBankWhereInput[] = [managedBanksWhere(ctx)];
  if (query.q) filters.push({ name: { contains: query.q, mode: "insensitive" } });
  if (query.parent_id) filters.push({ parentId: query.parent_id });
  const where = { AND: filters };
  const [rows, total] = await Promise.all([
    db().questionBank.findMany({
      where,
      select: questionBankSelect,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().questionBank.count({ where }),
  ]);
  return { items: rows.map(questionBankJson), page: query.page, page_size: query.page_size, total };
}

export async function getQuestionBank(ctx: TenantContext, bankId: string): Promise<QuestionBankJson> {
  const { id, organizationId } = await requireManagedBank(ctx, bankId);
  return questionBankJson(
    await db().questionBank.findUniqueOrThrow({
      where: { organizationId_id: { organizationId, id } },
      select: questionBankSelect,
    }),
  );
}

const nameTaken = (name: string) =>
  new AppError("CONFLICT", `A bank named '${name}' already exists there`, {
    fieldErrors: { name: [`A bank named '${name}' already exists there`] },
  });

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function createQuestionBank(
  ctx: TenantContext,
  input: CreateQuestionBankInput,
): Promise<QuestionBankJson> {
  managedBanksWhere(ctx);
  const organizationId = tenantId(ctx);
  const parent = input.parent_id ? await requireManagedBank(ctx, input.parent_id) : null;
  try {
    const bank = await db().questionBank.create({
      data: {
        organizationId,
        parentId: parent?.id ?? null,
        name: input.name,
        description: input.description ?? "",
        createdById: ctx.userId,
      },
      select: questionBankSelect,
    });
    return questionBankJson(bank);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/** Rename, describe or move a bank. A move takes the tree's lock, so two moves cannot make a cycle together. */
export async function updateQuestionBank(
  ctx: TenantContext,
  bankId: string,
  input: UpdateQuestionBankInput,
): Promise<QuestionBankJson> {
  const bank = await requireManagedBank(ctx, bankId);
  const { organizationId, id } = bank;
  try {
    const updated = await db().$transaction(async (tx) => {
      const data: Prisma.QuestionBankUncheckedUpdateInput = {};
      if (input.name !== undefined) data.name = input.name;
      if (input.description !== undefined) data.description = input.description;
      if (input.parent_id !== undefined) {
        await queryRows(
          Prisma.sql`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtext('question-bank-tree:' || ${organizationId}::text))`,
          tx,
        );
        if (input.parent_id !== null) await refuseCycle(ctx, tx, id, input.parent_id);
        data.parentId = input.parent_id;
      }
      return tx.questionBank.update({
        where: { organizationId_id: { organizationId, id } },
        data,
        select: questionBankSelect,
      });
    });
    return questionBankJson(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name ?? bank.name);
    throw error;
  }
}

/** The new parent must be the caller's, and neither the bank itself nor a bank nested in it. */
async function refuseCycle(ctx: TenantContext, tx: Prisma.TransactionClient, bankId: string, parentId: string) {
  const parent = await requireManagedBank(ctx, parentId, tx);
  const cycle = "A bank cannot move into itself or into a bank nested in it";
  // Up the parent chain from the new parent; the tree's lock keeps it still meanwhile.
  for (let at: string | null = parent.id, depth = 0; at; depth++) {
    if (at === bankId || depth > 1000)
      throw new AppError("VALIDATION_FAILED", cycle, { fieldErrors: { parent_id: [cycle] } });
    const row: { parentId: string | null } | null = await tx.questionBank.findUnique({
      where: { organizationId_id: { organizationId: parent.organizationId, id: at } },
      select: { parentId: true },
    });
    at = row?.parentId ?? null;
  }
}

/** Deletes an empty bank; one holding questions (archived ones too: attempts may use them) or banks is a 409. */
export async function deleteQuestionBank(ctx: TenantContext, bankId: string): Promise<void> {
  const { organizationId, id, name } = await requireManagedBank(ctx, bankId);
  const [questions, banks, draws] = await Promise.all([
    db().question.count({ where: { organizationId, bankId: id } }),
    db().questionBank.count({ where: { organizationId, parentId: id } }),
    db().quizSlot.count({ where: { organizationId, bankId: id } }),
  ]);
  const notEmpty = () =>
    new AppError(
      "CONFLICT",
      `The bank '${name}' is not empty: it holds ${questions} question(s) and ${banks} bank(s). Move or delete them first (archived questions count too).`,
    );
  if (questions + banks > 0) throw notEmpty();
  if (draws > 0)
    throw new AppError(
      "CONFLICT",
      `The bank '${name}' is drawn from by ${draws} random question slot(s) of quizzes: change those quizzes first.`,
    );
  try {
    await db().questionBank.deleteMany({ where: { organizationId, id } });
  } catch (error) {
    // Something was put in it or drawn from it meanwhile: the foreign keys refuse.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") throw notEmpty();
    throw error;
  }
}
