import { clientIp, handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { createLrsClientSchema } from "@/lib/schemas/lrs-clients";
import { createLrsClient, listLrsClients } from "@/lib/server/xapi/clients";
import { xapiEndpoint } from "@/lib/server/xapi/endpoint";

export const GET = handle("Failed to load the LRS clients", async (req) => {
  const caller = await requireCaller(req);
  return { items: await listLrsClients(caller.ctx) };
});

export const POST = handle("Failed to create the LRS client", async (req) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, createLrsClientSchema);
  const created = await createLrsClient(caller.ctx, input, xapiEndpoint(req), clientIp(req.headers));
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
