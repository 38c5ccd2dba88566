import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { exportQuestionBankQuerySchema } from "@/lib/schemas/question-exports";
import { attachmentDisposition } from "@/lib/security-headers";
import { exportQuestionBank } from "@/lib/server/question-exports/export";

/** The bank's questions as a Moodle XML or GIFT download; what the format cannot hold is counted and listed. */
export const GET = handle<{ bankId: string }>("Failed to export the question bank", async (req, { params }) => {
  const caller = await requireCaller(req);
  const query = parseInput(exportQuestionBankQuerySchema, queryObject(req.url));
  const file = await exportQuestionBank(caller.ctx, (await params).bankId, query);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": attachmentDisposition(file.fileName),
      "cache-control": "no-store",
      "x-exported-questions": String(file.exported),
      "x-skipped-questions": String(file.skipped),
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
