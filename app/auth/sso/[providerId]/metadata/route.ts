import { ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { handle, notAllowedExcept, visitorRequestContext } from "@/lib/http";
import { getSpMetadata } from "@/lib/server/sso/saml-sign-in";

type Params = { providerId: string };

/** Our SAML service provider's metadata for the IdP (its URL is also our entity ID): public, like any SP's. */
export const GET = handle<Params>("Could not make the metadata", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const xml = await getSpMetadata(ctx, (await params).providerId, ssoRequestInfo(req).origin);
  return new Response(xml, {
    headers: { "content-type": "application/samlmetadata+xml; charset=utf-8", "cache-control": "no-store" },
  });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
