import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type ClientMetadata } from "oidc-provider";

// A real OpenID Connect provider (oidc-provider, OpenID Certified) on 127.0.0.2, the loopback address the
// test app allow-lists for outgoing connections. Sign-in at the provider is automatic: whoever
// `loginAs` names is signed in and consents. `tamper` changes the next ID token on its way out of the
// token endpoint: its payload altered without a new signature, or re-signed with the provider's own key
// (so only the claims are wrong: expired, or for another audience).

export interface IdpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  groups?: string[];
}

export type Tampering = "payload" | "expired" | "audience";

export interface TestIdp {
  issuer: string;
  /** Registers the app's client (its redirect URI is only known once the app has the provider). */
  addClient(client: { clientId: string; clientSecret: string; redirectUri: string }): void;
  loginAs(account: IdpAccount): void;
  tamper(mode: Tampering | null): void;
  close(): Promise<void>;
}

const KID = "test-signing-key";

function b64url(value: Buffer | string): string {
  return Buffer.from(value).toString("base64url");
}

function resign(idToken: string, key: KeyObject, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload] = idToken.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
  change(claims);
  const body = `${header}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${b64url(sign("sha256", Buffer.from(body), key))}`;
}

function tampered(idToken: string, mode: Tampering, key: KeyObject): string {
  const now = Math.floor(Date.now() / 1000);
  if (mode === "expired")
    return resign(idToken, key, (c) => {
      c.iat = now - 7200;
      c.exp = now - 3600;
    });
  if (mode === "audience") return resign(idToken, key, (c) => (c.aud = "another-client"));
  const [header, payload, signature] = idToken.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
  claims.email = "intruder@example.test";
  return `${header}.${b64url(JSON.stringify(claims))}.${signature}`;
}

/** Rewrites the token endpoint's answer once its body is complete. */
function interceptTokenAnswer(res: ServerResponse, rewrite: (body: Record<string, unknown>) => void): void {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    if (chunk === undefined || typeof chunk === "function") return end(chunk);
    const body = JSON.parse(Buffer.from(chunk as string).toString("utf8")) as Record<string, unknown>;
    rewrite(body);
    const text = JSON.stringify(body);
    res.setHeader("content-length", Buffer.byteLength(text));
    return end(text);
  }) as ServerResponse["end"];
}

export async function startTestIdp(): Promise<TestIdp> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: KID, alg: "RS256", use: "sig" };
  const key = createPrivateKey({ key: jwk, format: "jwk" });

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const issuer = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  const clients: ClientMetadata[] = [];
  let account: IdpAccount | null = null;
  let tampering: Tampering | null = null;
  let provider: Provider | null = null;

  const accounts = new Map<string, IdpAccount>();
  const build = () =>
    new Provider(issuer, {
      clients,
      jwks: { keys: [jwk] },
      cookies: { keys: ["test-idp-cookie-key"] },
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["given_name", "family_name"],
        groups: ["groups"],
      },
      scopes: ["openid", "email", "profile", "groups", "offline_access"],
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, id) {
        const found = accounts.get(id);
        if (!found) return undefined;
        return { accountId: id, claims: async () => ({ ...found }) };
      },
    });

  async function interaction(req: IncomingMessage, res: ServerResponse, idp: Provider) {
    const details = await idp.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      if (!account) throw new Error("The test IdP was not told whom to sign in (loginAs)");
      accounts.set(account.sub, account);
      await idp.interactionFinished(req, res, { login: { accountId: account.sub } });
      return;
    }
    const grant = new idp.Grant({
      accountId: details.session!.accountId,
      clientId: details.params.client_id as string,
    });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    await idp.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    provider ??= build();
    const idp = provider;
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res, idp).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (req.url === "/token" && tampering) {
      const mode = tampering;
      tampering = null;
      interceptTokenAnswer(res, (body) => {
        if (typeof body.id_token === "string") body.id_token = tampered(body.id_token, mode, key);
      });
    }
    void idp.callback()(req, res);
  });

  return {
    issuer,
    addClient({ clientId, clientSecret, redirectUri }) {
      clients.push({
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [new URL(redirectUri).origin + "/login"],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      });
      provider = null; // rebuilt with the new client on the next request
    },
    loginAs(next) {
      account = next;
    },
    tamper(mode) {
      tampering = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
