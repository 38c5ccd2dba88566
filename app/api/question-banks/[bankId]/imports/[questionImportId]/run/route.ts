import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { startQuestionImportRun } from "@/lib/server/question-imports/imports";

/** Creates the banks and questions the dry run reported (a background job). */
export const POST = handle<{ bankId: string; questionImportId: string }>(
  "Failed to start the import",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { bankId, questionImportId } = await params;
    return Response.json(await startQuestionImportRun(caller.ctx, bankId, questionImportId), { status: 202 });
  },
);

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
