import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getWebhookSecret } from "@/lib/server/webhooks/endpoints";

type Params = { endpointId: string };

export const GET = handle<Params>("Failed to read the signing secret", async (req, { params }) => {
  const caller = await requireCaller(req);
  const secret = await getWebhookSecret(caller.ctx, (await params).endpointId);
  return Response.json(secret, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
