import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { sendJob } from "@/lib/jobs/queue";
import type { ImportMapping, ImportMappingInput } from "@/lib/schemas/imports";
import { requireImport } from "@/lib/server/imports/access";
import { mappingByName, missingFields } from "@/lib/server/imports/mapping";
import { getImport, type ImportDetailJson } from "@/lib/server/imports/queries";
import { importJson, type ImportJson } from "@/lib/server/imports/serialize";
import type { TenantContext } from "@/lib/tenancy/context";

// An import's life: the mapping may change until the run starts (a change asks for a new dry run); the
// dry run and the run are jobs (lib/server/imports/process.ts); a cancel stops either at its next batch.

const EDITABLE = ["uploaded", "checked", "failed"] as const;

/** PUT /api/admin/imports/{importId}/mapping (and, if asked, the organization's default mapping). */
export async function updateImportMapping(
  ctx: TenantContext,
  importId: string,
  input: ImportMappingInput,
): Promise<ImportDetailJson> {
  const imp = await requireImport(ctx, importId);
  if (imp.startedAt || !(EDITABLE as readonly string[]).includes(imp.status))
    throw new AppError("CONFLICT", "This import has started: its mapping can no longer change");
  const headers = imp.headers as string[];
  const mapping: ImportMapping = {};
  const used = new Map<number, string>();
  for (const [field, index] of Object.entries(input.mapping) as [keyof ImportMapping, number | null | undefined][]) {
    if (index === null || index === undefined) continue;
    if (index >= headers.length)
      throw new AppError("VALIDATION_FAILED", `${field}: the file has no column ${index + 1}`, {
        fieldErrors: { [`mapping.${field}`]: [`The file has ${headers.length} columns`] },
      });
    if (used.has(index))
      throw new AppError(
        "VALIDATION_FAILED",
        `${field}: the column '${headers[index]}' is already mapped to ${used.get(index)}`,
        { fieldErrors: { [`mapping.${field}`]: ["This column is mapped twice"] } },
      );
    used.set(index, field);
    mapping[field] = index;
  }
  await db().$transaction(async (tx) => {
    const { count } = await tx.userImport.updateMany({
      where: { organizationId: imp.organizationId, id: imp.id, status: { in: [...EDITABLE] }, startedAt: null },
      data: {
        mapping,
        status: "uploaded",
        checkedAt: null,
        checkCreate: null,
        checkUpdate: null,
        checkUnchanged: null,
        checkReject: null,
        processedRows: 0,
        error: null,
      },
    });
    if (count === 0) throw new AppError("CONFLICT", "This import has started: its mapping can no longer change");
    await tx.userImportRow.updateMany({
      where: { importId: imp.id, checkOutcome: { not: null } },
      data: { checkOutcome: null, checkReason: null },
    });
    if (input.save_as_default) {
      const byName = mappingByName(headers, mapping);
      await tx.userImportMapping.upsert({
        where: { organizationId: imp.organizationId },
        create: { organizationId: imp.organizationId, mapping: byName },
        update: { mapping: byName },
      });
    }
  });
  return getImport(ctx, imp.id);
}

/** POST /api/admin/imports/{importId}/dry-run: the dry run of every row (a job; the progress says how far). */
export async function startDryRun(ctx: TenantContext, importId: string): Promise<ImportJson> {
  const imp = await requireImport(ctx, importId);
  const missing = missingFields(imp.mapping as ImportMapping);
  if (missing.length) {
    const message = `Map a column to ${missing.join(", ")} first: every row needs ${missing.length === 1 ? "it" : "them"}`;
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { mapping: [message] } });
  }
  const { count } = await db().userImport.updateMany({
    where: { organizationId: imp.organizationId, id: imp.id, status: { in: ["uploaded", "checked"] }, startedAt: null },
    data: { status: "checking", processedRows: 0, phaseStartedAt: new Date(), cancelRequested: false },
  });
  if (count === 0)
    throw new AppError(
      "CONFLICT",
      imp.status === "checking"
        ? "A dry run is already under way"
        : "This import has started: a dry run is no longer possible",
    );
  await sendJob("imports.process", { importId: imp.id, phase: "check" });
  return importJson(
    await db().userImport.findUniqueOrThrow({ where: { organizationId: imp.organizationId, id: imp.id } }),
  );
}

/** POST /api/admin/imports/{importId}/run: applies the rows (a job), after a dry run of this mapping. */
export async function startRun(
  ctx: TenantContext,
  importId: string,
  options: { origin?: string } = {},
): Promise<ImportJson> {
  const imp = await requireImport(ctx, importId);
  if (imp.status !== "checked") {
    const message =
      imp.status === "running" || imp.startedAt
        ? "This import has already run"
        : imp.status === "checking"
          ? "Wait for the dry run to finish"
          : "Make a dry run first: it shows what the import will do";
    throw new AppError("CONFLICT", message);
  }
  const now = new Date();
  const { count } = await db().userImport.updateMany({
    where: { organizationId: imp.organizationId, id: imp.id, status: "checked", startedAt: null },
    data: { status: "running", startedAt: now, phaseStartedAt: now, processedRows: 0, cancelRequested: false },
  });
  if (count === 0) throw new AppError("CONFLICT", "This import has already run");
  const jobId = await sendJob("imports.process", { importId: imp.id, phase: "run", origin: options.origin });
  return importJson(
    await db().userImport.update({ where: { organizationId: imp.organizationId, id: imp.id }, data: { jobId } }),
  );
}

/** POST /api/admin/imports/{importId}/cancel: the dry run or the run stops at its next batch. */
export async function cancelImport(ctx: TenantContext, importId: string): Promise<ImportJson> {
  const imp = await requireImport(ctx, importId);
  if (imp.status === "uploaded" || imp.status === "checked") {
    const row = await db().userImport.update({
      where: { organizationId: imp.organizationId, id: imp.id },
      data: { status: "cancelled", finishedAt: new Date() },
    });
    return importJson(row);
  }
  if (imp.status !== "checking" && imp.status !== "running")
    throw new AppError("CONFLICT", `This import is ${imp.status}: there is nothing to cancel`);
  return importJson(
    await db().userImport.update({
      where: { organizationId: imp.organizationId, id: imp.id },
      data: { cancelRequested: true },
    }),
  );
}
