import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { startDryRun } from "@/lib/server/imports/mutations";

/** The dry run of every row (a background job): what would be created, updated or rejected and why. */
export const POST = handle<{ importId: string }>("Failed to start the dry run", async (req, { params }) => {
  const caller = await requireCaller(req);
  return Response.json(await startDryRun(caller.ctx, (await params).importId), { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
