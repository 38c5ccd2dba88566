import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { sendJob } from "@/lib/jobs/queue";
import type { QuestionType } from "@/lib/schemas/questions";
import { requireManagedBank, type ManagedBank } from "@/lib/server/questions/access";
import { insertQuestion } from "@/lib/server/questions/questions";
import { preparedItem } from "@/lib/server/question-imports/prepare-item";
import { BankResolver } from "@/lib/server/question-imports/banks";
import type {
  QuestionImportReport,
  QuestionNoteJson,
  QuestionRefusalJson,
} from "@/lib/server/question-imports/serialize";
import { jobContext, type TenantContext } from "@/lib/tenancy/context";

// The job of a question import (queue question-imports.process), acting as the person who uploaded it:
// the dry run ("check") cleans every question as creating it would and finds the banks its categories
// need, writing nothing but its verdict on each item and, at its end, the report; the run ("run") creates
// them, a batch of questions per transaction that first locks the import's row and marks each item with
// the question it made, so a retried job (a worker that died) goes on from the first unmarked item and
// nothing is created twice. A job works for SLICE_MS, then queues its continuation, as the CSV import's does.
// A question's embedded images are checked by both as an upload is; only the run stores them (through the
// upload's own store), in the transaction that creates the question, and puts their URLs in its text. A
// question refused after its images were stored (its bank taken meanwhile), or a batch retried, leaves
// those files unused: nothing shows them.

export interface QuestionImportJob {
  importId: string;
  phase: "check" | "run";
}

const SLICE_MS = 15_000;
const PAGE = 500;
const RUN_BATCH = 50;
const TX = { timeout: 120_000, maxWait: 60_000 } as const;

type Source = { line: number; index: number; name: string };

export async function processQuestionImport(job: QuestionImportJob): Promise<void> {
  const started = Date.now();
  const imp = await db().questionImport.findUnique({ where: { id: job.importId } });
  if (!imp || imp.status !== (job.phase === "check" ? "checking" : "running")) return;
  const ctx = jobContext({ organizationId: imp.organizationId }, { userId: imp.createdById, role: imp.createdByRole });
  try {
    const root = await requireManagedBank(ctx, imp.bankId);
    const step =
      job.phase === "check" ? () => dryRunNextPage(ctx, root, imp.id) : () => runNextBatch(ctx, root, imp.id);
    while (await step()) {
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

/** The import's row, locked for the transaction: a retried job and its continuation take turns. */
async function lock(tx: Prisma.TransactionClient, importId: string) {
  const [row] = await queryRows<{ status: string; processed: number }>(
    Prisma.sql`SELECT "status", "processed" FROM "QuestionImport" WHERE "id" = ${importId}::uuid FOR UPDATE`,
    tx,
  );
  return row;
}

const ITEM_SELECT = {
  position: true,
  categoryPath: true,
  content: true,
  source: true,
  notes: true,
  images: true,
} as const;

/** The dry run of the next page of items (each marked refused or not); false once the report is written. */
async function dryRunNextPage(ctx: TenantContext, root: ManagedBank, importId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const imp = await lock(tx, importId);
    if (imp?.status !== "checking") return false;
    const items = await tx.questionImportItem.findMany({
      where: { importId, position: { gt: imp.processed } },
      orderBy: { position: "asc" },
      take: PAGE,
      select: ITEM_SELECT,
    });
    if (!items.length) {
      await finishDryRun(tx, ctx, root, importId);
      return false;
    }
    const banks = new BankResolver(tx, ctx, root, "plan");
    const verdicts: (string | null)[] = [];
    for (const item of items) {
      const result = await preparedItem(item, root.organizationId, false);
      verdicts.push(
        "reason" in result ? result.reason : ((await banks.resolve(item.categoryPath as string[])).refused ?? null),
      );
    }
    await queryRows(
      Prisma.sql`UPDATE "QuestionImportItem" i SET "refusedReason" = v."reason"
      FROM unnest(${items.map((i) => i.position)}::int[], ${verdicts}::text[]) AS v("position", "reason")
      WHERE i."importId" = ${importId}::uuid AND i."position" = v."position"`,
      tx,
    );
    await tx.questionImport.update({
      where: { organizationId_id: { organizationId: root.organizationId, id: importId } },
      data: { processed: items.at(-1)!.position },
    });
    return true;
  }, TX);
}

/** The report, from the items as the dry run marked them: what the run will create, and what it will not. */
async function finishDryRun(tx: Prisma.TransactionClient, ctx: TenantContext, root: ManagedBank, importId: string) {
  const { organizationId } = root;
  const imp = await tx.questionImport.findUniqueOrThrow({
    where: { organizationId_id: { organizationId, id: importId } },
  });
  const [kept, refused] = await Promise.all([
    tx.questionImportItem.findMany({
      where: { importId, refusedReason: null },
      orderBy: { position: "asc" },
      select: { categoryPath: true, content: true, source: true, notes: true },
    }),
    tx.questionImportItem.findMany({
      where: { importId, refusedReason: { not: null } },
      select: { source: true, refusedReason: true },
    }),
  ]);
  const byType: Partial<Record<QuestionType, number>> = {};
  const notes: QuestionNoteJson[] = [];
  const banks = new BankResolver(tx, ctx, root, "plan");
  for (const item of kept) {
    const type = (item.content as { type: QuestionType }).type;
    byType[type] = (byType[type] ?? 0) + 1;
    for (const note of item.notes as string[]) notes.push({ ...(item.source as Source), note });
    await banks.resolve(item.categoryPath as string[]);
  }
  const refusals = [
    ...(imp.refusals as unknown as QuestionRefusalJson[]),
    ...refused.map((r) => ({ ...(r.source as Source), reason: r.refusedReason! })),
  ].sort((a, b) => a.index - b.index);
  const report: QuestionImportReport = {
    questions: kept.length,
    by_type: byType,
    banks_to_create: banks.created,
    refusals,
    notes,
  };
  await tx.questionImport.update({
    where: { organizationId_id: { organizationId, id: importId } },
    data: { status: "checked", report: report as unknown as Prisma.InputJsonObject, processed: imp.totalQuestions },
  });
}

/** Creates the next batch's banks and questions; false when none is left (the import is then completed). */
async function runNextBatch(ctx: TenantContext, root: ManagedBank, importId: string): Promise<boolean> {
  const { organizationId } = root;
  return db().$transaction(async (tx) => {
    const locked = await lock(tx, importId);
    if (locked?.status !== "running") return false;
    const items = await tx.questionImportItem.findMany({
      where: { importId, questionId: null, refusedReason: null },
      orderBy: { position: "asc" },
      take: RUN_BATCH,
      select: ITEM_SELECT,
    });
    if (!items.length) {
      await tx.questionImport.update({
        where: { organizationId_id: { organizationId, id: importId } },
        data: { status: "completed", finishedAt: new Date() },
      });
      return false;
    }
    const banks = new BankResolver(tx, ctx, root, "create");
    const refusedNow: QuestionRefusalJson[] = [];
    let created = 0;
    for (const item of items) {
      const result = await preparedItem(item, organizationId, true);
      const bank = "reason" in result ? null : await banks.resolve(item.categoryPath as string[]);
      if ("reason" in result || !bank?.bankId) {
        // Refused now although the dry run passed it: a bank of that name appeared meanwhile, not the importer's.
        const reason = "reason" in result ? result.reason : (bank?.refused ?? "Its bank could not be made");
        await tx.questionImportItem.update({
          where: { importId_position: { importId, position: item.position } },
          data: { refusedReason: reason },
        });
        refusedNow.push({ ...(item.source as Source), reason });
        continue;
      }
      const question = await insertQuestion(tx, ctx, { id: bank.bankId, organizationId }, result.content);
      await tx.questionImportItem.update({
        where: { importId_position: { importId, position: item.position } },
        data: { questionId: question.id, importedAt: new Date() },
      });
      created += 1;
    }
    if (refusedNow.length) await addRefusals(tx, organizationId, importId, refusedNow);
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

/** Refusals met by the run itself join the report's, so the import still lists every question left out. */
async function addRefusals(
  tx: Prisma.TransactionClient,
  organizationId: string,
  importId: string,
  refusals: QuestionRefusalJson[],
): Promise<void> {
  const { report } = await tx.questionImport.findUniqueOrThrow({
    where: { organizationId_id: { organizationId, id: importId } },
    select: { report: true },
  });
  const current = report as unknown as QuestionImportReport;
  const all = [...current.refusals, ...refusals].sort((a, b) => a.index - b.index);
  await tx.questionImport.update({
    where: { organizationId_id: { organizationId, id: importId } },
    data: { report: { ...current, refusals: all } as unknown as Prisma.InputJsonObject },
  });
}
