import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { cmi5WaiveSchema } from "@/lib/schemas/cmi5";
import { waiveCmi5Au } from "@/lib/server/cmi5/admin";

export const POST = handle<{ registrationId: string }>("Failed to waive the AU", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { registrationId } = await params;
  const input = await readJson(req, cmi5WaiveSchema);
  return waiveCmi5Au(caller.ctx, registrationId, input, new URL(req.url).origin);
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
