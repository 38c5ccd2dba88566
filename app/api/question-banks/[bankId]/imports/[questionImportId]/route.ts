import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getQuestionImport } from "@/lib/server/question-imports/imports";

type Params = { bankId: string; questionImportId: string };

/** The import: its status and progress, the dry run's report, what the run created. */
export const GET = handle<Params>("Failed to load the import", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { bankId, questionImportId } = await params;
  return getQuestionImport(caller.ctx, bankId, questionImportId);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
