import { redirectRefused, redirectSignedIn, ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { handle, notAllowedExcept, parseInput, readBodyText, visitorRequestContext } from "@/lib/http";
import { samlAcsFormSchema } from "@/lib/schemas/identity-providers";
import { SsoRefusal } from "@/lib/server/sso/refusals";
import { finishSamlSignIn } from "@/lib/server/sso/saml-sign-in";

type Params = { providerId: string };

const MAX_FORM_BYTES = 1024 * 1024;

/** The SAML assertion consumer service: the IdP's answer (a browser form post), verified, signed in. */
export const POST = handle<Params>("Sign-in failed", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const { providerId } = await params;
  const { origin, ip, userAgent } = ssoRequestInfo(req);
  const text = await readBodyText(
    req.body as AsyncIterable<Uint8Array> | null,
    req.headers.get("content-length"),
    MAX_FORM_BYTES,
  );
  const form = parseInput(samlAcsFormSchema, Object.fromEntries(new URLSearchParams(text)));
  try {
    const { token, returnTo } = await finishSamlSignIn(ctx, providerId, {
      samlResponse: form.SAMLResponse,
      origin,
      ip,
      userAgent,
    });
    return redirectSignedIn(token, returnTo);
  } catch (error) {
    if (error instanceof SsoRefusal) return redirectRefused(error);
    throw error;
  }
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
