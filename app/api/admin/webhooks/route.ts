import { clientIp, handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { createWebhookEndpointSchema } from "@/lib/schemas/webhooks";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/server/webhooks/endpoints";

export const GET = handle("Failed to load the webhook endpoints", async (req) => {
  const caller = await requireCaller(req);
  return listWebhookEndpoints(caller.ctx);
});

export const POST = handle("Failed to add the webhook endpoint", async (req) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, createWebhookEndpointSchema);
  return Response.json(await createWebhookEndpoint(caller.ctx, input, clientIp(req.headers)), { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
