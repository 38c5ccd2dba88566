import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { sendWebhookTestEvent } from "@/lib/server/webhooks/deliveries";

type Params = { endpointId: string };

export const POST = handle<Params>("Failed to send the test event", async (req, { params }) => {
  const caller = await requireCaller(req);
  return Response.json(await sendWebhookTestEvent(caller.ctx, (await params).endpointId), { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
