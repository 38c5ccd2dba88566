import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getImport } from "@/lib/server/imports/queries";

/** An import: status, mapping, the first 20 rows, the dry run's and the run's totals, and its progress. */
export const GET = handle<{ importId: string }>("Failed to load the import", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getImport(caller.ctx, (await params).importId);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
