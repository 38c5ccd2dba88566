import { redirectSignedOut, redirectTo, ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { handle, notAllowedExcept, parseInput, visitorRequestContext } from "@/lib/http";
import { samlSloQuerySchema } from "@/lib/schemas/identity-providers";
import { handleSamlLogout } from "@/lib/server/sso/saml-logout";

type Params = { providerId: string };

/** The SAML single logout service: the IdP's LogoutResponse, or a LogoutRequest it starts. */
export const GET = handle<Params>("Logout failed", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const url = new URL(req.url);
  const query = parseInput(samlSloQuerySchema, Object.fromEntries(url.searchParams));
  const outcome = await handleSamlLogout(
    ctx,
    (await params).providerId,
    { query, rawQuery: url.search.slice(1) },
    ssoRequestInfo(req).origin,
  );
  return outcome.endSession ? redirectSignedOut(outcome.location) : redirectTo(outcome.location);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
