import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma, type QuestionImport } from "@/lib/generated/prisma/client";
import { sendJob } from "@/lib/jobs/queue";
import { questionContentSchema, type QuestionContent, type QuestionType } from "@/lib/schemas/questions";
import { requireManagedBank, type ManagedBank } from "@/lib/server/questions/access";
import { cleanContent, insertQuestion } from "@/lib/server/questions/questions";
import { BankResolver } from "@/lib/server/question-imports/banks";
import type {
  QuestionImportReport,
  QuestionNoteJson,
  QuestionRefusalJson,
} from "@/lib/server/question-imports/serialize";
import { jobContext, type TenantContext } from "@/lib/tenancy/context";

// The job of a question import (queue question-imports.process), acting as the person who uploaded it:
// the dry run ("check") cleans every question as creating it would and finds the banks its categories
// need, writing nothing but its report; the run ("run") creates them, a batch of questions per
// transaction that first locks the import's row and marks each item with the question it made, so a
// retried job (a worker that died) goes on from the first unmarked item and nothing is created twice.
// A job works for SLICE_MS, then queues its continuation, as the CSV import's does.

export interface QuestionImportJob {
  importId: string;
  phase: "check" | "run";
}

const SLICE_MS = 15_000;
const PAGE = 500;
const RUN_BATCH = 50;
const TX = { timeout: 120_000, maxWait: 60_000 } as const;

interface Item {
  position: number;
  categoryPath: Prisma.JsonValue;
  content: Prisma.JsonValue;
  source: Prisma.JsonValue;
  notes: Prisma.JsonValue;
}
type Source = { line: number; index: number; name: string };

/** The item's question as creating it would store it, or the reason the app refuses it. */
function cleaned(item: Item): { content: QuestionContent } | { reason: string } {
  const parsed = questionContentSchema.safeParse(item.content);
  if (!parsed.success) return { reason: parsed.error.issues[0]?.message ?? "The question is not valid" };
  try {
    return { content: cleanContent(parsed.data) };
  } catch (error) {
    if (error instanceof AppError) return { reason: error.message };
    throw error;
  }
}

export async function processQuestionImport(job: QuestionImportJob): Promise<void> {
  const started = Date.now();
  const imp = await db().questionImport.findUnique({ where: { id: job.importId } });
  if (!imp || imp.status !== (job.phase === "check" ? "checking" : "running")) return;
  const ctx = jobContext({ organizationId: imp.organizationId }, { userId: imp.createdById, role: imp.createdByRole });
  try {
    const root = await requireManagedBank(ctx, imp.bankId);
    if (job.phase === "check") return await dryRun(ctx, root, imp);
    while (await runNextBatch(ctx, root, imp.id)) {
      if (Date.now() - started > SLICE_MS) {
        await sendJob("question-imports.process", job);
        return;
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error; // retried by the queue
    await db().questionImport.updateMany({
      where: { organizationId: imp.organizationId, id: imp.id, status: imp.status },
      data: { status: "failed", error: error.message, finishedAt: new Date() },
    });
  }
}

async function dryRun(ctx: TenantContext, root: ManagedBank, imp: QuestionImport): Promise<void> {
  const { organizationId } = imp;
  const banks = new BankResolver(db(), ctx, root, "plan");
  const refusals = [...(imp.refusals as unknown as QuestionRefusalJson[])];
  const notes: QuestionNoteJson[] = [];
  const byType: Partial<Record<QuestionType, number>> = {};
  let questions = 0;
  for (let after = 0; ;) {
    const items = await db().questionImportItem.findMany({
      where: { importId: imp.id, position: { gt: after } },
      orderBy: { position: "asc" },
      take: PAGE,
      select: { position: true, categoryPath: true, content: true, source: true, notes: true },
    });
    if (!items.length) break;
    const refused: { position: number; reason: string }[] = [];
    for (const item of items) {
      const source = item.source as Source;
      const result = cleaned(item);
      const bank = "reason" in result ? null : await banks.resolve(item.categoryPath as string[]);
      const reason = "reason" in result ? result.reason : bank?.refused;
      if (reason !== undefined) {
        refused.push({ position: item.position, reason });
        refusals.push({ ...source, reason });
        continue;
      }
      questions += 1;
      const type = (item.content as { type: QuestionType }).type;
      byType[type] = (byType[type] ?? 0) + 1;
      for (const note of item.notes as string[]) notes.push({ ...source, note });
    }
    await markRefused(imp.id, refused);
    after = items.at(-1)!.position;
    await db().questionImport.updateMany({ where: { organizationId, id: imp.id }, data: { processed: after } });
  }
  refusals.sort((a, b) => a.index - b.index);
  const report: QuestionImportReport = {
    questions,
    by_type: byType,
    banks_to_create: banks.created,
    refusals,
    notes,
  };
  await db().questionImport.updateMany({
    where: { organizationId, id: imp.id, status: "checking" },
    data: { status: "checked", report: report as unknown as Prisma.InputJsonObject, processed: imp.totalQuestions },
  });
}

/** The dry run's verdict on each item (null: it will be created); a retried dry run writes the same. */
async function markRefused(importId: string, refused: { position: number; reason: string }[]): Promise<void> {
  if (!refused.length) return;
  await queryRows(
    Prisma.sql`UPDATE "QuestionImportItem" i SET "refusedReason" = v."reason"
    FROM unnest(${refused.map((r) => r.position)}::int[], ${refused.map((r) => r.reason)}::text[]) AS v("position", "reason")
    WHERE i."importId" = ${importId}::uuid AND i."position" = v."position"`,
  );
}

/** Creates the next batch's banks and questions; false when none is left (the import is then completed). */
async function runNextBatch(ctx: TenantContext, root: ManagedBank, importId: string): Promise<boolean> {
  const { organizationId } = root;
  return db().$transaction(async (tx) => {
    const [locked] = await queryRows<{ status: string }>(
      Prisma.sql`SELECT "status" FROM "QuestionImport" WHERE "id" = ${importId}::uuid FOR UPDATE`,
      tx,
    );
    if (locked?.status !== "running") return false;
    const items = await tx.questionImportItem.findMany({
      where: { importId, questionId: null, refusedReason: null },
      orderBy: { position: "asc" },
      take: RUN_BATCH,
      select: { position: true, categoryPath: true, content: true, source: true, notes: true },
    });
    if (!items.length) {
      await tx.questionImport.update({
        where: { organizationId_id: { organizationId, id: importId } },
        data: { status: "completed", finishedAt: new Date() },
      });
      return false;
    }
    const banks = new BankResolver(tx, ctx, root, "create");
    let created = 0;
    for (const item of items) {
      const result = cleaned(item);
      const bank = "reason" in result ? null : await banks.resolve(item.categoryPath as string[]);
      if ("reason" in result || !bank?.bankId) {
        // Refused now although the dry run passed it: a bank of that name appeared meanwhile, not the importer's.
        const reason = "reason" in result ? result.reason : (bank?.refused ?? "Its bank could not be made");
        await tx.questionImportItem.update({
          where: { importId_position: { importId, position: item.position } },
          data: { refusedReason: reason },
        });
        continue;
      }
      const question = await insertQuestion(tx, ctx, { id: bank.bankId, organizationId }, result.content);
      await tx.questionImportItem.update({
        where: { importId_position: { importId, position: item.position } },
        data: { questionId: question.id, importedAt: new Date() },
      });
      created += 1;
    }
    await tx.questionImport.update({
      where: { organizationId_id: { organizationId, id: importId } },
      data: {
        processed: { increment: items.length },
        questionsCreated: { increment: created },
        banksCreated: { increment: banks.created.length },
      },
    });
    return true;
  }, TX);
}
