import { redirectSignedOut, redirectTo, ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { handle, notAllowedExcept, parseInput, readBodyText, visitorRequestContext } from "@/lib/http";
import { samlSloFormSchema, samlSloQuerySchema } from "@/lib/schemas/identity-providers";
import { handleSamlLogout, type SamlLogoutMessage, type SamlLogoutOutcome } from "@/lib/server/sso/saml-logout";

type Params = { providerId: string };

const MAX_FORM_BYTES = 256 * 1024;

const answer = (outcome: SamlLogoutOutcome) =>
  outcome.endSession ? redirectSignedOut(outcome.location) : redirectTo(outcome.location);

/** The SAML single logout service, HTTP-Redirect binding: the IdP's LogoutResponse, or a LogoutRequest it starts. */
export const GET = handle<Params>("Logout failed", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const url = new URL(req.url);
  const query = parseInput(samlSloQuerySchema, Object.fromEntries(url.searchParams));
  const message: SamlLogoutMessage = { binding: "redirect", query, rawQuery: url.search.slice(1) };
  return answer(await handleSamlLogout(ctx, (await params).providerId, message, ssoRequestInfo(req).origin));
});

/** The same service, HTTP-POST binding (saml-idp always, Shibboleth and AD FS by default): a form from the IdP's page. */
export const POST = handle<Params>("Logout failed", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const text = await readBodyText(
    req.body as AsyncIterable<Uint8Array> | null,
    req.headers.get("content-length"),
    MAX_FORM_BYTES,
  );
  const form = parseInput(samlSloFormSchema, Object.fromEntries(new URLSearchParams(text)));
  const message: SamlLogoutMessage = { binding: "post", form };
  return answer(await handleSamlLogout(ctx, (await params).providerId, message, ssoRequestInfo(req).origin));
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
