import { clientIp, handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { revokeLrsClient } from "@/lib/server/xapi/clients";

type Params = { clientId: string };

export const DELETE = handle<Params>("Failed to revoke the LRS client", async (req, { params }) => {
  const caller = await requireCaller(req);
  return revokeLrsClient(caller.ctx, (await params).clientId, clientIp(req.headers));
});

export const { GET, POST, PUT, PATCH } = notAllowedExcept("DELETE");
