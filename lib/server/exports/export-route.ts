import { handle, parseInput, requireCaller } from "@/lib/http";
import type { ExportKind } from "@/lib/schemas/exports";
import { exportQuerySchema } from "@/lib/schemas/exports";
import { queryObject } from "@/lib/schemas/pagination";
import { csvDownload } from "@/lib/server/csv/csv-response";
import { exportCsv } from "@/lib/server/exports/export-csv";

/** GET /api/admin/exports/{kind}: the same thin handler for each kind (one route file each). */
export function exportRoute(kind: ExportKind) {
  return handle("Failed to export", async (req) => {
    const caller = await requireCaller(req);
    const { filename, body } = await exportCsv(caller.ctx, kind, parseInput(exportQuerySchema, queryObject(req.url)));
    return csvDownload(req, body, filename);
  });
}
