import { clientIp, handle, notAllowedExcept, parseInput, readJson, requireCaller } from "@/lib/http";
import { createApiKeySchema, listApiKeysQuerySchema } from "@/lib/schemas/api-keys";
import { queryObject } from "@/lib/schemas/pagination";
import { createApiKey } from "@/lib/server/api-keys/mutations";
import { listApiKeys } from "@/lib/server/api-keys/queries";

export const GET = handle("Failed to load the API keys", async (req) => {
  const caller = await requireCaller(req);
  return listApiKeys(caller.ctx, parseInput(listApiKeysQuerySchema, queryObject(req.url)));
});

export const POST = handle("Failed to create the API key", async (req) => {
  const caller = await requireCaller(req);
  const created = await createApiKey(caller.ctx, await readJson(req, createApiKeySchema), clientIp(req.headers));
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
