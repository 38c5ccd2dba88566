import { handle, notAllowedExcept, openUploadedFile, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { uploadQuestionImportQuerySchema } from "@/lib/schemas/question-imports";
import { uploadQuestionImport } from "@/lib/server/question-imports/upload";

/** A Moodle XML or GIFT file (multipart/form-data, field "file") into this bank: parsed, and its dry run queued. */
export const POST = handle<{ bankId: string }>("Failed to upload the file", async (req, { params }) => {
  const caller = await requireCaller(req);
  const query = parseInput(uploadQuestionImportQuerySchema, queryObject(req.url));
  const created = await uploadQuestionImport(
    caller.ctx,
    (await params).bankId,
    () => openUploadedFile(req, "file"),
    query,
  );
  return Response.json(created, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
