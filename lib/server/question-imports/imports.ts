import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { QuestionImport } from "@/lib/generated/prisma/client";
import { sendJob } from "@/lib/jobs/queue";
import { isId } from "@/lib/schemas/id";
import { requireManagedBank } from "@/lib/server/questions/access";
import { questionImportJson, type QuestionImportJson } from "@/lib/server/question-imports/serialize";
import type { TenantContext } from "@/lib/tenancy/context";

// An import belongs to its bank: whoever manages the bank sees it and may run it; anything else is a 404.

async function requireQuestionImport(ctx: TenantContext, bankId: string, importId: string): Promise<QuestionImport> {
  const bank = await requireManagedBank(ctx, bankId);
  const notFound = new AppError("NOT_FOUND", "Import not found");
  if (!isId(importId)) throw notFound;
  const row = await db().questionImport.findUnique({
    where: { organizationId_id: { organizationId: bank.organizationId, id: importId } },
  });
  if (!row || row.bankId !== bank.id) throw notFound;
  return row;
}

/** GET /api/question-banks/{bankId}/imports/{importId}: status, progress, the dry run's report, the result. */
export async function getQuestionImport(
  ctx: TenantContext,
  bankId: string,
  importId: string,
): Promise<QuestionImportJson> {
  return questionImportJson(await requireQuestionImport(ctx, bankId, importId));
}

/** POST /api/question-banks/{bankId}/imports/{importId}/run: creates what the dry run reported (a job). */
export async function startQuestionImportRun(
  ctx: TenantContext,
  bankId: string,
  importId: string,
): Promise<QuestionImportJson> {
  const imp = await requireQuestionImport(ctx, bankId, importId);
  const refuse = () =>
    new AppError(
      "CONFLICT",
      imp.status === "checking"
        ? "Wait for the dry run to finish: it shows what the import will do"
        : imp.status === "failed"
          ? `This import failed (${imp.error ?? "see its error"}): upload the file again`
          : "This import has already run",
    );
  if (imp.status !== "checked") throw refuse();
  const now = new Date();
  const { count } = await db().questionImport.updateMany({
    where: { organizationId: imp.organizationId, id: imp.id, status: "checked" },
    data: { status: "running", startedAt: now, processed: 0 },
  });
  if (count === 0) throw refuse();
  const jobId = await sendJob("question-imports.process", { importId: imp.id, phase: "run" });
  return questionImportJson(
    await db().questionImport.update({
      where: { organizationId_id: { organizationId: imp.organizationId, id: imp.id } },
      data: { jobId },
    }),
  );
}
