import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { cancelImport } from "@/lib/server/imports/mutations";

/** Stops the dry run or the run at its next batch; what was applied stays. */
export const POST = handle<{ importId: string }>("Failed to cancel the import", async (req, { params }) => {
  const caller = await requireCaller(req);
  return Response.json(await cancelImport(caller.ctx, (await params).importId), { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
