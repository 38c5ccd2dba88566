import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ImportField } from "@/lib/schemas/imports";
import { importOrganizationFor } from "@/lib/server/imports/access";
import { autoMapping } from "@/lib/server/imports/mapping";
import { openCsv } from "@/lib/server/imports/parse-csv";
import { importJson, type ImportJson } from "@/lib/server/imports/serialize";
import type { TenantContext } from "@/lib/tenancy/context";

/** Rows per INSERT while a file is read (4 parameters a row). */
const INSERT_BATCH = 1000;

/**
 * POST /api/admin/imports: reads the file as it arrives and keeps its rows (never the whole file in
 * memory), maps its columns (the organization's saved default first, then our own names), and answers
 * the import. A bad file changes nothing: what was stored of it is deleted and the answer says why.
 */
export async function uploadImport(
  ctx: TenantContext,
  open: () => Promise<{ fileName: string; stream: AsyncIterable<Uint8Array> }>,
  organizationIdWanted?: string,
): Promise<ImportJson> {
  const organizationId = await importOrganizationFor(ctx, organizationIdWanted);
  const file = await open();
  const fileName = (file.fileName || "import.csv").slice(0, 255);
  const created = await db().userImport.create({
    data: {
      organizationId,
      createdById: ctx.userId,
      createdByRole: ctx.role,
      fileName,
      fileSize: 0,
      encoding: "utf-8",
      delimiter: ",",
      headers: [],
      mapping: {},
      totalRows: 0,
      status: "receiving",
    },
    select: { id: true },
  });
  const importId = created.id;
  try {
    const csv = await openCsv(file.stream);
    let rowNumber = 0;
    let batch: string[][] = [];
    const insert = async () => {
      const first = rowNumber - batch.length + 1;
      // One statement per batch, the cells as a JSON array of rows (cheaper than a row of parameters each).
      await queryRows(
        Prisma.sql`INSERT INTO "UserImportRow" ("organizationId", "importId", "rowNumber", "cells")
        SELECT ${organizationId}::uuid, ${importId}::uuid, ${first}::int + r.ordinality::int - 1, r.value
        FROM jsonb_array_elements(${JSON.stringify(batch)}::jsonb) WITH ORDINALITY AS r(value, ordinality)`,
        db(),
      );
      batch = [];
    };
    for await (const cells of csv.rows) {
      rowNumber += 1;
      batch.push(cells);
      if (batch.length >= INSERT_BATCH) await insert();
    }
    if (batch.length) await insert();
    const saved = await db().userImportMapping.findUnique({ where: { organizationId }, select: { mapping: true } });
    const row = await db().userImport.update({
      where: { organizationId_id: { organizationId, id: importId } },
      data: {
        status: "uploaded",
        fileSize: csv.bytes(),
        encoding: csv.encoding(),
        delimiter: csv.delimiter,
        headers: csv.header,
        mapping: autoMapping(csv.header, (saved?.mapping ?? null) as Partial<Record<ImportField, string>> | null),
        totalRows: rowNumber,
      },
    });
    return importJson(row);
  } catch (error) {
    await db().userImport.deleteMany({ where: { organizationId, id: importId } });
    throw error;
  }
}
