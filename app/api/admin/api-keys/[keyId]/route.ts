import { clientIp, handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { revokeApiKey } from "@/lib/server/api-keys/mutations";

type Params = { keyId: string };

export const DELETE = handle<Params>("Failed to revoke the API key", async (req, { params }) => {
  const caller = await requireCaller(req);
  return revokeApiKey(caller.ctx, (await params).keyId, clientIp(req.headers));
});

export const { GET, POST, PUT, PATCH } = notAllowedExcept("DELETE");
