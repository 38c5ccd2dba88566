import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { listImportRowsQuerySchema } from "@/lib/schemas/imports";
import { queryObject } from "@/lib/schemas/pagination";
import { listImportRows } from "@/lib/server/imports/queries";

/** The rows with their outcome and reason, in file order (?outcome=reject&page=&page_size=). */
export const GET = handle<{ importId: string }>("Failed to list the rows", async (req, { params }) => {
  const caller = await requireCaller(req);
  return listImportRows(
    caller.ctx,
    (await params).importId,
    parseInput(listImportRowsQuerySchema, queryObject(req.url)),
  );
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
