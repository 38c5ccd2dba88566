import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

// The CSV user import (docs/import-export.md): the fields a column can be mapped to, the limits of a
// file, and the inputs of its routes.

/** Our own column names, in the order the mapping form shows them. */
export const IMPORT_FIELDS = [
  "email",
  "first_name",
  "last_name",
  "username",
  "role",
  "password",
  "groups",
  "courses",
  "completed_on",
  "status",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Columns a file must have (mapped): without them no row has a dry run. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ["email", "first_name", "last_name"];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  email: "Email",
  first_name: "First name",
  last_name: "Last name",
  username: "Username",
  role: "Role",
  password: "Password",
  groups: "Groups",
  courses: "Courses",
  completed_on: "Completed on",
  status: "Status",
};

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;
export const MAX_IMPORT_COLUMNS = 100;
/** The first rows of a file shown with the mapping. */
export const IMPORT_PREVIEW_ROWS = 20;

/**
 * An import's life: uploaded, its dry run (what each row would do, nothing applied), the run. The dry run
 * keeps the name "check" where it is part of the API and of stored data, which API clients, queued jobs
 * and the database rely on: the statuses `checking` (under way) and `checked` (done), the import's
 * `check` totals with `checked_at`, `progress.phase` "check", the job payload's phase, and the columns
 * `checkedAt`, `check*`, `checkOutcome` and `checkReason`. Everywhere else it is the dry run.
 */
export const IMPORT_STATUSES = [
  "receiving",
  "uploaded",
  "checking",
  "checked",
  "running",
  "completed",
  "cancelled",
  "failed",
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What a dry run finds a row would do. */
export const DRY_RUN_OUTCOMES = ["create", "update", "unchanged", "reject"] as const;
/** What the real run did with a row. */
export const RUN_OUTCOMES = ["created", "updated", "unchanged", "rejected", "failed"] as const;
export type DryRunOutcome = (typeof DRY_RUN_OUTCOMES)[number];
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/** A column index of the file for each field; null (or absent): the field is not in the file. */
export type ImportMapping = Partial<Record<ImportField, number | null>>;

const columnIndex = z
  .number({ error: "A column is its position in the file, from 0" })
  .int()
  .min(0)
  .max(MAX_IMPORT_COLUMNS - 1)
  .nullable();

/** PUT /api/admin/imports/{importId}/mapping */
export const importMappingSchema = z.strictObject({
  mapping: z.strictObject(
    Object.fromEntries(IMPORT_FIELDS.map((f) => [f, columnIndex.optional()])) as Record<
      ImportField,
      z.ZodOptional<typeof columnIndex>
    >,
    {
      error: `mapping is an object of ${IMPORT_FIELDS.join(", ")} to column positions`,
    },
  ),
  /** Also remember the mapping (by column names) as the organization's default for its next files. */
  save_as_default: z.boolean().optional(),
});
export type ImportMappingInput = z.infer<typeof importMappingSchema>;

/** POST /api/admin/imports: the superadmin names the organization (elsewhere it is the host's). */
export const uploadImportQuerySchema = z.object({ organization_id: idSchema.optional() });

/** GET /api/admin/imports: the import history, newest first. */
export const listImportsQuerySchema = paginationQuerySchema.extend({ organization_id: idSchema.optional() });
export type ListImportsQuery = z.infer<typeof listImportsQuerySchema>;

/** GET /api/admin/imports/{importId}/rows: the rows with the dry run's (or, after the run, the run's) outcome. */
export const listImportRowsQuerySchema = paginationQuerySchema.extend({
  outcome: z
    .enum([...DRY_RUN_OUTCOMES, ...RUN_OUTCOMES, "pending"], {
      error: `outcome must be one of ${[...DRY_RUN_OUTCOMES, ...RUN_OUTCOMES, "pending"].join(", ")}`,
    })
    .optional(),
});
export type ListImportRowsQuery = z.infer<typeof listImportRowsQuerySchema>;
