import { clientIp, handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateWebhookEndpointSchema } from "@/lib/schemas/webhooks";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "@/lib/server/webhooks/endpoints";

type Params = { endpointId: string };

export const GET = handle<Params>("Failed to load the webhook endpoint", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getWebhookEndpoint(caller.ctx, (await params).endpointId);
});

export const PATCH = handle<Params>("Failed to save the webhook endpoint", async (req, { params }) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, updateWebhookEndpointSchema);
  return updateWebhookEndpoint(caller.ctx, (await params).endpointId, input, clientIp(req.headers));
});

export const DELETE = handle<Params>("Failed to delete the webhook endpoint", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteWebhookEndpoint(caller.ctx, (await params).endpointId, clientIp(req.headers));
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = notAllowedExcept("GET", "PATCH", "DELETE");
