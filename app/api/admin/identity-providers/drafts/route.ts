import { ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { identityProviderDraftRequestSchema } from "@/lib/schemas/identity-providers";
import { startIdentityProviderDraft } from "@/lib/server/sso/provider-drafts";

/** A new provider's id (and SAML key pair) reserved for its form: nothing is stored until the create. */
export const POST = handle("Failed to prepare the identity provider", async (req) => {
  const caller = await requireCaller(req);
  const input = await readJson(req, identityProviderDraftRequestSchema);
  return startIdentityProviderDraft(caller.ctx, input, ssoRequestInfo(req).origin);
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
