import "server-only";
import { custom, Issuer, type Client, type HttpOptions } from "openid-client";
import { guardedHttpOptions } from "@/lib/net/egress-guard";
import type { OidcConfig } from "@/lib/schemas/identity-providers";

// openid-client 5.x, the line next-auth 4 already depends on (one copy of the library in the app, CommonJS
// like the rest of the server's imports, certified by the OpenID Foundation). 6.x is ESM-only and built on
// fetch; 5.x makes its requests with node:http(s) and lets us hand it the options of each one, so the
// discovery document, the JWKS, the token and userinfo requests all connect through the egress guard.

const guarded = (url: URL): HttpOptions => ({ ...guardedHttpOptions(url), timeout: 10_000 });

/** Discovery through the guard: the class itself makes the request, so the options go on a subclass. */
class GuardedIssuer extends Issuer {
  static [custom.http_options] = guarded;
}

/** A client of the provider's issuer (discovered now) that fetches only through the egress guard. */
export async function oidcClient(config: OidcConfig, clientSecret: string, redirectUri: string): Promise<Client> {
  const issuer = await GuardedIssuer.discover(config.issuer);
  // A document that names another issuer would let one provider's tokens pass for another's.
  if (issuer.metadata.issuer !== config.issuer) throw new Error("The discovery document names another issuer");
  issuer[custom.http_options] = guarded;
  const client = new issuer.Client({
    client_id: config.clientId,
    client_secret: clientSecret,
    redirect_uris: [redirectUri],
    response_types: ["code"],
    token_endpoint_auth_method: "client_secret_basic",
  });
  client[custom.http_options] = guarded;
  return client;
}
