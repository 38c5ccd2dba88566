import { redirectRefused, redirectSignedIn, ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { handle, notAllowedExcept, visitorRequestContext } from "@/lib/http";
import { finishOidcSignIn } from "@/lib/server/sso/oidc-sign-in";
import { SsoRefusal } from "@/lib/server/sso/refusals";

type Params = { providerId: string };

/** Where the identity provider sends the browser back: verified, signed in, on to the page it came for. */
export const GET = handle<Params>("Sign-in failed", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const { origin, ip, userAgent, browserState } = ssoRequestInfo(req);
  try {
    const callbackUrl = new URL(req.url);
    const { token, returnTo } = await finishOidcSignIn(ctx, (await params).providerId, {
      callbackUrl,
      browserState,
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

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
