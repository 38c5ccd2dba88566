import { redirectRefused, redirectTo, redirectToProvider, ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { handle, notAllowedExcept, visitorRequestContext } from "@/lib/http";
import { localPath } from "@/lib/local-path";
import { startOidcSignIn } from "@/lib/server/sso/oidc-sign-in";
import { SsoRefusal } from "@/lib/server/sso/refusals";
import { startSamlSignIn } from "@/lib/server/sso/saml-sign-in";
import { signInProtocol } from "@/lib/server/sso/sign-in-options";

type Params = { providerId: string };

/** "Sign in with …": off to the organization's identity provider (OpenID Connect or SAML). */
export const GET = handle<Params>("Could not start the sign-in", async (req, { params }) => {
  const ctx = await visitorRequestContext(req);
  const { providerId } = await params;
  const returnTo = localPath(new URL(req.url).searchParams.get("callbackUrl"), "/login");
  const { origin } = ssoRequestInfo(req);
  try {
    if ((await signInProtocol(ctx, providerId)) === "saml")
      return redirectTo(await startSamlSignIn(ctx, providerId, origin, returnTo));
    const { url, state } = await startOidcSignIn(ctx, providerId, origin, returnTo);
    return redirectToProvider(url, state);
  } catch (error) {
    if (error instanceof SsoRefusal) return redirectRefused(error);
    throw error;
  }
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
