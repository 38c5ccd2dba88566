import { redirectRefused, redirectToProvider, ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { handle, notAllowedExcept, visitorRequestContext } from "@/lib/http";
import { localPath } from "@/lib/local-path";
import { startOidcSignIn } from "@/lib/server/sso/oidc-sign-in";
import { SsoRefusal } from "@/lib/server/sso/refusals";

type Params = { providerId: string };

/** "Sign in with …": off to the organization's identity provider. */
export const GET = handle<Params>("Could not start the sign-in", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const returnTo = localPath(new URL(req.url).searchParams.get("callbackUrl"), "/login");
  try {
    const { url, state } = await startOidcSignIn(ctx, (await params).providerId, ssoRequestInfo(req).origin, returnTo);
    return redirectToProvider(url, state);
  } catch (error) {
    if (error instanceof SsoRefusal) return redirectRefused(error);
    throw error;
  }
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
