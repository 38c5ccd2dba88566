import { clientIp, handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { createIdentityProviderSchema } from "@/lib/schemas/identity-providers";
import { createIdentityProvider, listIdentityProviders } from "@/lib/server/sso/providers";

export const GET = handle("Failed to load the identity providers", async (req) => {
  const caller = await requireCaller(req);
  return listIdentityProviders(caller.ctx);
});

export const POST = handle("Failed to add the identity provider", async (req) => {
  const caller = await requireCaller(req);
  const provider = await createIdentityProvider(
    caller.ctx,
    await readJson(req, createIdentityProviderSchema),
    clientIp(req.headers),
  );
  return Response.json(provider, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
