import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { reorderOutlineSchema } from "@/lib/schemas/outline";
import { getOutline } from "@/lib/server/courses/queries";
import { reorderOutline } from "@/lib/server/outline/reorder";

type Params = { courseId: string };

export const GET = handle<Params>("Failed to fetch the outline", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getOutline(caller.ctx, (await params).courseId);
});

/** The whole new order in one request, saved in one transaction. */
export const PUT = handle<Params>("Failed to save the new order", async (req, { params }) => {
  const caller = await requireCaller(req);
  return reorderOutline(caller.ctx, (await params).courseId, await readJson(req, reorderOutlineSchema));
});

export const { POST, PATCH, DELETE } = notAllowedExcept("GET", "PUT");
