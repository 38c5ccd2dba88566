import { clientIp, handle, notAllowedExcept, readOptionalJson, requireCaller } from "@/lib/http";
import { rollWebhookSecretSchema } from "@/lib/schemas/webhooks";
import { rollWebhookSecret } from "@/lib/server/webhooks/endpoints";

type Params = { endpointId: string };

export const POST = handle<Params>("Failed to roll the signing secret", async (req, { params }) => {
  const caller = await requireCaller(req);
  const input = await readOptionalJson(req, rollWebhookSecretSchema);
  const secret = await rollWebhookSecret(caller.ctx, (await params).endpointId, input, clientIp(req.headers));
  return Response.json(secret, { headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
