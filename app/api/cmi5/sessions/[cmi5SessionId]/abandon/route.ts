import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { abandonCmi5Session } from "@/lib/server/cmi5/admin";

export const POST = handle<{ cmi5SessionId: string }>("Failed to abandon the session", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { cmi5SessionId } = await params;
  return abandonCmi5Session(caller.ctx, cmi5SessionId, new URL(req.url).origin);
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
