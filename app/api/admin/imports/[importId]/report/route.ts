import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { attachmentDisposition } from "@/lib/security-headers";
import { importReport } from "@/lib/server/imports/queries";

/** Every row's outcome and reason, then the file's own columns, as a CSV download. */
export const GET = handle<{ importId: string }>("Failed to make the report", async (req, { params }) => {
  const caller = await requireCaller(req);
  const report = await importReport(caller.ctx, (await params).importId);
  return new Response(report.body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": attachmentDisposition(report.fileName),
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
