import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

// GET /api/admin/audit-log (and its CSV export): filters by who, what, about what and when.

/** The date pickers' range (MUI X's default, kept as the product's). */
export const AUDIT_MIN_YEAR = 1900;
export const AUDIT_MAX_YEAR = 2099;

/** A day (2026-11-25, a whole UTC day) or an instant with its offset (a day's start or end in the browser's zone). */
const instantSchema = (label: string, endOfDay: boolean) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${label} must be a date like 2026-11-25 or an ISO date-time`,
    })
    .transform((value) =>
      value.length === 10 ? new Date(`${value}T${endOfDay ? "23:59:59.999" : "00:00:00.000"}Z`) : new Date(value),
    )
    .refine(
      (d) => d.getUTCFullYear() >= AUDIT_MIN_YEAR && d.getUTCFullYear() <= AUDIT_MAX_YEAR,
      `${label} must be between ${AUDIT_MIN_YEAR} and the end of ${AUDIT_MAX_YEAR}`,
    );

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((s) => s || undefined);

const filters = {
  /** A name, e-mail or username of whoever acted (or their id). */
  actor: text("actor", 200),
  /** An action ("auth.login") or an area of them ending with a dot ("auth."). */
  action: text("action", 100).pipe(
    z
      .string()
      .regex(/^[a-z_.]+$/, "action must be like auth.login or auth.")
      .optional(),
  ),
  /** The kind of record the entry is about (user, group, organization, …). */
  target_type: text("target_type", 50),
  /** The id of the record the entry is about. */
  target_id: text("target_id", 200),
  from: instantSchema("from", false).optional(),
  to: instantSchema("to", true).optional(),
  /** The superadmin's view: one organization only. */
  organization_id: idSchema.optional(),
};
const orderedRange = (q: { from?: Date; to?: Date }) => !q.from || !q.to || q.from <= q.to;
const rangeError = { message: "from must be before to", path: ["to"] };

export const auditLogQuerySchema = paginationQuerySchema.extend(filters).refine(orderedRange, rangeError);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** GET /api/admin/audit-log/export: the same filters, no paging. */
export const auditLogExportQuerySchema = z.object(filters).refine(orderedRange, rangeError);
export type AuditLogFilters = z.infer<typeof auditLogExportQuerySchema>;
