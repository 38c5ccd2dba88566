import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { startRun } from "@/lib/server/imports/mutations";

/** Applies the rows (a background job) after a dry run of this mapping. */
export const POST = handle<{ importId: string }>("Failed to start the import", async (req, { params }) => {
  const caller = await requireCaller(req);
  return Response.json(await startRun(caller.ctx, (await params).importId, { origin: new URL(req.url).origin }), {
    status: 202,
  });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
