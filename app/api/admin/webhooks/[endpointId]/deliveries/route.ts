import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { webhookDeliveryListQuerySchema } from "@/lib/schemas/webhooks";
import { listWebhookDeliveries } from "@/lib/server/webhooks/deliveries";

type Params = { endpointId: string };

export const GET = handle<Params>("Failed to load the deliveries", async (req, { params }) => {
  const caller = await requireCaller(req);
  const query = parseInput(webhookDeliveryListQuerySchema, queryObject(req.url));
  return listWebhookDeliveries(caller.ctx, (await params).endpointId, query);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
