import { z } from "zod";
import { count, id, pageOf, timestamp } from "@/lib/openapi/responses/common";
import { DRY_RUN_OUTCOMES, IMPORT_FIELDS, IMPORT_STATUSES, RUN_OUTCOMES } from "@/lib/schemas/imports";

// app/api/admin/imports/**: lib/server/imports/serialize.ts and queries.ts.

const mapping = z
  .object(
    Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.number().int().min(0).nullable().optional()])) as Record<
      (typeof IMPORT_FIELDS)[number],
      z.ZodOptional<z.ZodNullable<z.ZodNumber>>
    >,
  )
  .meta({ id: "ImportMapping", description: "The file's column (from 0) of each field; null: not in the file" });

export const importSchema = z
  .object({
    id,
    organization_id: id,
    file_name: z.string(),
    file_size: count,
    encoding: z.string().meta({ example: "utf-8" }),
    delimiter: z.string().meta({ example: "," }),
    headers: z.array(z.string()),
    mapping,
    missing_fields: z
      .array(z.string())
      .meta({ description: "Required fields (email, first_name, last_name) no column is mapped to" }),
    status: z.enum(IMPORT_STATUSES),
    total_rows: count,
    check: z
      .object({ checked_at: timestamp, create: count, update: count, unchanged: count, reject: count })
      .nullable(),
    run: z
      .object({
        started_at: timestamp.nullable(),
        finished_at: timestamp.nullable(),
        created: count,
        updated: count,
        unchanged: count,
        rejected: count,
        failed: count,
        not_applied: count,
      })
      .nullable(),
    progress: z.object({
      phase: z.enum(["check", "run"]).nullable(),
      done: count,
      total: count,
      rate: z.number().nullable().meta({ description: "Rows per second" }),
      seconds_left: z.number().int().nullable(),
    }),
    cancel_requested: z.boolean(),
    error: z.string().nullable(),
    summary: z
      .string()
      .meta({ description: "Where the import stands, in one sentence (what was applied, if cancelled)" }),
    created_at: timestamp,
  })
  .meta({ id: "UserImport", description: "A CSV user import, its totals and its progress" });

export const importDetailSchema = importSchema
  .extend({ preview: z.array(z.array(z.string())).meta({ description: "The file's first 20 rows, as read" }) })
  .meta({ id: "UserImportDetail" });

export const importPageSchema = pageOf(importSchema).meta({ id: "UserImportPage" });

export const importRowSchema = z
  .object({
    row: z.number().int().min(1),
    email: z.string(),
    cells: z.array(z.string()),
    outcome: z
      .enum([...DRY_RUN_OUTCOMES, ...RUN_OUTCOMES])
      .nullable()
      .meta({ description: "The run's outcome once applied, else the dry run's outcome" }),
    reason: z.string().nullable(),
    applied: z.boolean(),
  })
  .meta({ id: "UserImportRow" });

export const importRowPageSchema = pageOf(importRowSchema).meta({ id: "UserImportRowPage" });
