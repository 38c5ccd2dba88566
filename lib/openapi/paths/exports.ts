import { definePaths, type OperationSpec } from "@/lib/openapi/operation";
import { csvDownload } from "@/lib/openapi/responses/exports";
import {
  EXPORT_KIND_INFO,
  EXPORT_KINDS,
  EXPORT_LIST_SEPARATOR,
  exportQuerySchema,
  type ExportKind,
} from "@/lib/schemas/exports";

// app/api/admin/exports/**: the CSV exports (lib/server/exports), one path per kind.

const COMMON =
  "Admins: their own organization (another `organization_id` is a 404); the superadmin: the organization named by " +
  "`organization_id`, or on the apex without it every organization (each row then starts with an `organization` column, the subdomain). " +
  "Streamed from the database as it is read: UTF-8 with a byte order mark, a header row, RFC 4180 quoting, LF line ends; " +
  `times are UTC (\`YYYY-MM-DD HH:MM:SS\`); several values in one cell are joined with \`${EXPORT_LIST_SEPARATOR}\`; ` +
  "a text cell starting with =, +, -, @, tab or CR gets a leading apostrophe so that no spreadsheet runs it.";

const camel = (kind: ExportKind) =>
  kind.replace(/-(.)/g, (_, c: string) => c.toUpperCase()).replace(/^./, (c) => c.toUpperCase());

function operation(kind: ExportKind): OperationSpec {
  const info = EXPORT_KIND_INFO[kind];
  return {
    operationId: `export${camel(kind)}`,
    summary: `${info.label} as CSV`,
    description: `${info.description} Columns: ${info.columns.join(", ")}. ${COMMON}`,
    access: "signed-in",
    permission: "import-export:use",
    requestParams: { query: exportQuerySchema },
    responses: { 200: csvDownload },
    errors: [400, 403, 404],
  };
}

export const exportPaths = definePaths(
  "Exports",
  Object.fromEntries(EXPORT_KINDS.map((kind) => [`/api/admin/exports/${kind}`, { get: operation(kind) }])),
);
