import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { resendWebhookDelivery } from "@/lib/server/webhooks/deliveries";

type Params = { endpointId: string; deliveryId: string };

export const POST = handle<Params>("Failed to resend the delivery", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { endpointId, deliveryId } = await params;
  return resendWebhookDelivery(caller.ctx, endpointId, deliveryId);
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
