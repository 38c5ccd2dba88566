import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { importMappingSchema } from "@/lib/schemas/imports";
import { updateImportMapping } from "@/lib/server/imports/mutations";

/** Which column holds which field (save_as_default: also for the organization's next files). */
export const PUT = handle<{ importId: string }>("Failed to save the mapping", async (req, { params }) => {
  const caller = await requireCaller(req);
  return updateImportMapping(caller.ctx, (await params).importId, await readJson(req, importMappingSchema));
});

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
