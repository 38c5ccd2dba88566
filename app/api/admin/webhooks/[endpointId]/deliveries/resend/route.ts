import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { resendWebhookDeliveriesSchema } from "@/lib/schemas/webhooks";
import { resendFailedWebhookDeliveries } from "@/lib/server/webhooks/deliveries";

type Params = { endpointId: string };

export const POST = handle<Params>("Failed to resend the deliveries", async (req, { params }) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, resendWebhookDeliveriesSchema);
  return resendFailedWebhookDeliveries(caller.ctx, (await params).endpointId, input);
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
