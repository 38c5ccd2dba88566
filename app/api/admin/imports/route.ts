import { handle, notAllowedExcept, openUploadedFile, parseInput, requireCaller } from "@/lib/http";
import { listImportsQuerySchema, uploadImportQuerySchema } from "@/lib/schemas/imports";
import { queryObject } from "@/lib/schemas/pagination";
import { listImports } from "@/lib/server/imports/queries";
import { uploadImport } from "@/lib/server/imports/upload";

/** The import history, newest first (the superadmin: every organization's, or ?organization_id=). */
export const GET = handle("Failed to list the imports", async (req) => {
  const caller = await requireCaller(req);
  return listImports(caller.ctx, parseInput(listImportsQuerySchema, queryObject(req.url)));
});

/** A CSV file (multipart/form-data, field "file"), read as it arrives; the superadmin names ?organization_id=. */
export const POST = handle("Failed to upload the file", async (req) => {
  const caller = await requireCaller(req);
  const { organization_id } = parseInput(uploadImportQuerySchema, queryObject(req.url));
  const created = await uploadImport(caller.ctx, () => openUploadedFile(req, "file"), organization_id);
  return Response.json(created, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
