import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma, type UserImport } from "@/lib/generated/prisma/client";
import { sendJob } from "@/lib/jobs/queue";
import { logger } from "@/lib/log/logger";
import { audit } from "@/lib/server/audit";
import { applyRows } from "@/lib/server/imports/apply";
import { queueInvitations } from "@/lib/server/imports/invitations";
import { dryRunRows, loadImportSetting, type ImportSetting } from "@/lib/server/imports/dry-run";
import { recordEvents } from "@/lib/server/webhooks/outbox";

// The job of an import (queue imports.process): the dry run (phase "check", the name the job payloads
// and the API keep; lib/schemas/imports.ts) or the real run ("run"), batch by batch. Each batch is one transaction that first locks the import's row, so two workers (a retried
// job and its continuation) take turns; a batch's rows are marked in the transaction that applies them.
// A job works for SLICE_MS, then queues its continuation and ends, so a worker that dies is replaced
// within the queue's expiry (lib/jobs/queues.ts) and nothing runs for hours under one job.

export interface ImportJob {
  importId: string;
  phase: "check" | "run";
  /** The origin of the request that started it: the invitation links keep its scheme and port. */
  origin?: string;
}

const SLICE_MS = 15_000;
const DRY_RUN_PAGE = 2000;
const RUN_BATCH = 1000;
/** With passwords to hash (argon2, ~20 ms each), smaller batches keep each transaction short. */
const RUN_BATCH_WITH_PASSWORDS = 40;
const TX = { timeout: 120_000, maxWait: 60_000 } as const;

export async function processImport(job: ImportJob): Promise<void> {
  const started = Date.now();
  const imp = await db().userImport.findUnique({ where: { id: job.importId } });
  if (!imp) return;
  // A run that ended (also in a job that died right after its last batch): its invitations go out now.
  if (job.phase === "run" && (imp.status === "completed" || imp.status === "cancelled"))
    return queueInvitations(imp.id, job.origin);
  if (imp.status !== (job.phase === "check" ? "checking" : "running")) return;
  const setting = await loadImportSetting(imp);
  const step = job.phase === "check" ? () => dryRunNextPage(setting) : () => applyNextBatch(setting);
  try {
    while (await step()) {
      if (Date.now() - started > SLICE_MS) {
        await sendJob("imports.process", job);
        return;
      }
    }
    // The invitations wait for the end of the run: sent alongside, they would slow its batches.
    if (job.phase === "run") await queueInvitations(imp.id, job.origin);
  } catch (error) {
    if (!(error instanceof AppError)) throw error; // retried by the queue
    await db().userImport.updateMany({
      where: { organizationId: imp.organizationId, id: imp.id, status: imp.status },
      data: { status: "failed", error: error.message, finishedAt: new Date() },
    });
  }
}

type Locked = Pick<UserImport, "status" | "processedRows" | "cancelRequested">;

async function lock(tx: Prisma.TransactionClient, importId: string): Promise<Locked | undefined> {
  const [row] = await queryRows<Locked>(
    Prisma.sql`SELECT "status", "processedRows", "cancelRequested" FROM "UserImport" WHERE "id" = ${importId}::uuid FOR UPDATE`,
    tx,
  );
  return row;
}

/** The dry run of the next page of rows; false when the dry run is over (finished or cancelled). */
async function dryRunNextPage(setting: ImportSetting): Promise<boolean> {
  const { importId, organizationId } = setting;
  return db().$transaction(async (tx) => {
    const imp = await lock(tx, importId);
    if (imp?.status !== "checking") return false;
    if (imp.cancelRequested) {
      await tx.userImport.update({
        where: { organizationId, id: importId },
        data: { status: "uploaded", cancelRequested: false, processedRows: 0, phaseStartedAt: null },
      });
      return false;
    }
    const rows = await tx.userImportRow.findMany({
      where: { importId, rowNumber: { gt: imp.processedRows } },
      orderBy: { rowNumber: "asc" },
      take: DRY_RUN_PAGE,
      select: { rowNumber: true, cells: true },
    });
    if (rows.length === 0) {
      const counts = await tx.userImportRow.groupBy({
        by: ["checkOutcome"],
        where: { importId },
        _count: { _all: true },
      });
      const of = (o: string) => counts.find((c) => c.checkOutcome === o)?._count._all ?? 0;
      await tx.userImport.update({
        where: { organizationId, id: importId },
        data: {
          status: "checked",
          checkedAt: new Date(),
          checkCreate: of("create"),
          checkUpdate: of("update"),
          checkUnchanged: of("unchanged"),
          checkReject: of("reject"),
          phaseStartedAt: null,
        },
      });
      return false;
    }
    const dryRun = await dryRunRows(
      setting,
      rows.map((r) => ({ rowNumber: r.rowNumber, cells: r.cells as string[] })),
      tx,
    );
    await queryRows(
      Prisma.sql`UPDATE "UserImportRow" r SET "checkOutcome" = v."outcome", "checkReason" = v."reason"
      FROM unnest(${dryRun.map((v) => v.rowNumber)}::int[], ${dryRun.map((v) => v.outcome)}::text[], ${dryRun.map((v) => v.reason)}::text[]) AS v("rowNumber", "outcome", "reason")
      WHERE r."importId" = ${importId}::uuid AND r."rowNumber" = v."rowNumber"`,
      tx,
    );
    await tx.userImport.update({
      where: { organizationId, id: importId },
      data: { processedRows: rows.at(-1)!.rowNumber },
    });
    return true;
  }, TX);
}

/** Applies the next batch; false when the run is over (finished or cancelled). */
async function applyNextBatch(setting: ImportSetting): Promise<boolean> {
  const { importId, organizationId } = setting;
  const size =
    setting.mapping.password !== null && setting.mapping.password !== undefined ? RUN_BATCH_WITH_PASSWORDS : RUN_BATCH;
  try {
    return await db().$transaction(async (tx) => {
      const imp = await lock(tx, importId);
      if (imp?.status !== "running") return false;
      if (imp.cancelRequested) return finishRun(tx, setting, "cancelled");
      const rows = await pendingRows(tx, importId, size);
      if (rows.length === 0) return finishRun(tx, setting, "completed");
      const counts = await applyRows(setting, tx, rows);
      await tx.userImport.update({
        where: { organizationId, id: importId },
        data: {
          processedRows: { increment: rows.length },
          createdCount: { increment: counts.created },
          updatedCount: { increment: counts.updated },
          unchangedCount: { increment: counts.unchanged },
          rejectedCount: { increment: counts.rejected },
        },
      });
      return true;
    }, TX);
  } catch (error) {
    // A row that cannot be applied now (a race with another admin: an e-mail or username taken since
    // the batch's dry run, the last org admin) must not hold back the others: the batch again, row by row.
    logger().warn({ importId, err: error }, "An import batch failed: applying it row by row");
    return applyRowByRow(setting, size);
  }
}

async function pendingRows(tx: Prisma.TransactionClient, importId: string, take: number) {
  const rows = await tx.userImportRow.findMany({
    where: { importId, appliedAt: null },
    orderBy: { rowNumber: "asc" },
    take,
    select: { rowNumber: true, cells: true },
  });
  return rows.map((r) => ({ rowNumber: r.rowNumber, cells: r.cells as string[] }));
}

async function applyRowByRow(setting: ImportSetting, size: number): Promise<boolean> {
  const { importId, organizationId } = setting;
  const batch = await pendingRows(db(), importId, size);
  for (const row of batch) {
    try {
      await db().$transaction(async (tx) => {
        const imp = await lock(tx, importId);
        if (imp?.status !== "running") return;
        const [still] = await tx.userImportRow.findMany({
          where: { importId, rowNumber: row.rowNumber, appliedAt: null },
          select: { rowNumber: true },
        });
        if (!still) return;
        const c = await applyRows(setting, tx, [row]);
        await tx.userImport.update({
          where: { organizationId, id: importId },
          data: {
            processedRows: { increment: 1 },
            createdCount: { increment: c.created },
            updatedCount: { increment: c.updated },
            unchangedCount: { increment: c.unchanged },
            rejectedCount: { increment: c.rejected },
          },
        });
      }, TX);
    } catch (error) {
      const reason = `Could not be applied: ${error instanceof AppError ? error.message : "it conflicts with a change made meanwhile (an e-mail or username taken)"}`;
      await db().$transaction(async (tx) => {
        const imp = await lock(tx, importId);
        if (imp?.status !== "running") return;
        const { count } = await tx.userImportRow.updateMany({
          where: { importId, rowNumber: row.rowNumber, appliedAt: null },
          data: { outcome: "failed", reason, appliedAt: new Date() },
        });
        if (count)
          await tx.userImport.update({
            where: { organizationId, id: importId },
            data: { processedRows: { increment: 1 }, failedCount: { increment: 1 } },
          });
      }, TX);
    }
  }
  return batch.length > 0;
}

async function finishRun(
  tx: Prisma.TransactionClient,
  setting: ImportSetting,
  status: "completed" | "cancelled",
): Promise<false> {
  const row = await tx.userImport.update({
    where: { organizationId: setting.organizationId, id: setting.importId },
    data: { status, finishedAt: new Date(), phaseStartedAt: null },
  });
  await audit(
    {
      organizationId: setting.organizationId,
      actorId: setting.importer.userId,
      action: "user.import",
      entityType: "import",
      entityId: setting.importId,
      data: {
        status,
        file: row.fileName,
        rows: row.totalRows,
        created: row.createdCount,
        updated: row.updatedCount,
        rejected: row.rejectedCount,
        failed: row.failedCount,
      },
    },
    tx,
  );
  await recordEvents(tx, setting.organizationId, "import.finished", () => [
    {
      import_id: row.id,
      status,
      file_name: row.fileName,
      rows: row.totalRows,
      created: row.createdCount,
      updated: row.updatedCount,
      unchanged: row.unchangedCount,
      rejected: row.rejectedCount,
      failed: row.failedCount,
      finished_at: row.finishedAt?.toISOString() ?? null,
    },
  ]);
  return false;
}
