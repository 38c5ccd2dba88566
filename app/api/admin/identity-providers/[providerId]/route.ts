import { clientIp, handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateIdentityProviderSchema } from "@/lib/schemas/identity-providers";
import { deleteIdentityProvider, getIdentityProvider, updateIdentityProvider } from "@/lib/server/sso/providers";

type Params = { providerId: string };

export const GET = handle<Params>("Failed to load the identity provider", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getIdentityProvider(caller.ctx, (await params).providerId);
});

export const PUT = handle<Params>("Failed to save the identity provider", async (req, { params }) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, updateIdentityProviderSchema);
  return updateIdentityProvider(caller.ctx, (await params).providerId, input, clientIp(req.headers));
});

export const DELETE = handle<Params>("Failed to delete the identity provider", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteIdentityProvider(caller.ctx, (await params).providerId, clientIp(req.headers));
  return new Response(null, { status: 204 });
});

export const { POST, PATCH } = notAllowedExcept("GET", "PUT", "DELETE");
