import { z } from "zod";
import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import {
  createIdentityProviderSchema,
  identityProviderDraftRequestSchema,
  identityProviderDraftSchema,
  identityProviderListSchema,
  logoutAnswerSchema,
  samlAcsFormSchema,
  samlSloFormSchema,
  samlSloQuerySchema,
  identityProviderViewSchema,
  signInPolicySchema,
  signInPolicyViewSchema,
  updateIdentityProviderSchema,
} from "@/lib/schemas/identity-providers";

// app/api/admin/identity-providers/** (System Settings → Sign-in) and the browser's sign-in through them,
// app/auth/sso/**.

const MANAGE =
  "Admins of the organization (settings:manage), on its host; the apex has none (404). Secrets are write-only: an OIDC client secret and the SAML service provider's private key (made by the server) are stored encrypted and never answered (`hasClientSecret`, `hasPrivateKey`).";
const SAML_RULE =
  "SAML: `metadataUrl` (read when saved, through the same egress guard) or `metadataXml`, exactly one; metadata without an IDPSSODescriptor, an entityID, an HTTP-Redirect SingleSignOnService or a signing certificate is a 400 at its field.";
const ISSUER_RULE =
  "An issuer whose host is or resolves to a loopback, private, link-local or otherwise non-public address is a 400 'This address is not allowed for an outgoing connection', unless the operator allow-lists it (OUTBOUND_ALLOWED_ADDRESSES).";
const REDIRECT = {
  description:
    "A redirect (relative Location): to the provider, to the page signed in for, or to `/login?sso_error=<reason>` saying why not",
};

export const identityProviderPaths = definePaths("Settings", {
  "/api/admin/identity-providers": {
    get: {
      operationId: "listIdentityProviders",
      summary: "The organization's identity providers (single sign-on)",
      description: MANAGE,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("The providers, by name", identityProviderListSchema) },
      errors: [403, 404],
    },
    post: {
      operationId: "createIdentityProvider",
      summary: "Add an identity provider (OpenID Connect or SAML 2.0)",
      description: `${MANAGE} ${ISSUER_RULE} ${SAML_RULE} \`draft\` (from POST /api/admin/identity-providers/drafts) gives the provider the id and key pair already given to the IdP; invalid here is a 400, already saved a 409. A name already used is a 409. Audited, without the secret.`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(createIdentityProviderSchema),
      responses: { 201: json("The provider", identityProviderViewSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/identity-providers/drafts": {
    post: {
      operationId: "startIdentityProviderDraft",
      summary: "Reserve a new provider's id (and SAML key pair) to give the IdP before saving",
      description: `${MANAGE} Stores nothing: answers the values the IdP needs (the redirect URI's path; the entity ID, ACS and single logout paths, our signing certificate and SP metadata) and a sealed \`draft\` bound to the organization; the create that sends it back as \`draft\` gets that id and key pair (a draft already saved is a 409, one of another organization or protocol a 400).`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(identityProviderDraftRequestSchema),
      responses: { 200: json("The draft", identityProviderDraftSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/identity-providers/{providerId}": {
    requestParams: { path: pathIds("providerId") },
    get: {
      operationId: "getIdentityProvider",
      summary: "An identity provider",
      description: MANAGE,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("The provider", identityProviderViewSchema) },
      errors: [403, 404],
    },
    put: {
      operationId: "updateIdentityProvider",
      summary: "Change an identity provider (the whole of it)",
      description: `${MANAGE} \`clientSecret\` omitted keeps the stored one; the SAML key pair is kept; the protocol cannot change (400). ${ISSUER_RULE} ${SAML_RULE} Audited, without the secret.`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(updateIdentityProviderSchema),
      responses: { 200: json("The provider", identityProviderViewSchema) },
      errors: [400, 403, 404, 409],
    },
    delete: {
      operationId: "deleteIdentityProvider",
      summary: "Remove an identity provider",
      description: `${MANAGE} Accounts made through it stay; they sign in some other way. Audited.`,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 204: noContent },
      errors: [403, 404],
    },
  },
  "/api/admin/sign-in-policy": {
    get: {
      operationId: "getSignInPolicy",
      summary: "Whether the organization requires single sign-on, and its break-glass accounts",
      description: "Admins of the organization (settings:manage), on its host; the apex has none (404).",
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("The policy", signInPolicyViewSchema) },
      errors: [403, 404],
    },
    put: {
      operationId: "updateSignInPolicy",
      summary: "Require single sign-on (or not), and name the break-glass accounts",
      description:
        "While `ssoOnly` is on, password sign-in, registration and password reset answer 403 saying the organization signs in with single sign-on, except for the break-glass accounts (active users of the organization, else 400). Turning it on without an enabled identity provider is a 409. Audited.",
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(signInPolicySchema),
      responses: { 200: json("The policy", signInPolicyViewSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/auth/sso/{providerId}": {
    requestParams: {
      path: pathIds("providerId"),
      query: z.object({
        callbackUrl: z.string().optional().meta({ description: "A path of this site to land on once signed in" }),
      }),
    },
    get: {
      operationId: "startSingleSignOn",
      summary: "Sign in through one of the organization's identity providers (browser)",
      description:
        "Only an enabled provider of the host's organization (another one is a 404). Sends the browser to the provider with an authorization request (PKCE, state and nonce) and keeps the state in a short-lived HttpOnly cookie.",
      access: "public",
      tags: ["Auth"],
      responses: { 303: REDIRECT },
      errors: [404],
    },
  },
  "/auth/sso/{providerId}/metadata": {
    requestParams: { path: pathIds("providerId") },
    get: {
      operationId: "getSamlServiceProviderMetadata",
      summary: "Our SAML service provider's metadata, for the IdP (its URL is also our entity ID)",
      description:
        "A SAML provider of the host's organization, also while it is off (another one is a 404). The entity ID, the assertion consumer service (HTTP-POST), the single logout service (HTTP-Redirect) and the signing certificate; never the private key.",
      access: "public",
      tags: ["Auth"],
      responses: {
        200: {
          description: "SAML 2.0 metadata",
          content: { "application/samlmetadata+xml": { schema: z.string() } },
        },
      },
      errors: [403, 404],
    },
  },
  "/auth/sso/{providerId}/acs": {
    requestParams: { path: pathIds("providerId") },
    post: {
      operationId: "finishSamlSignOn",
      summary: "The SAML assertion consumer service: where the IdP posts its answer (HTTP-POST binding)",
      description:
        "Verifies the answer with node-saml (the assertion signed by a certificate of the IdP's metadata, the audience, NotBefore/NotOnOrAfter, the issuer, InResponseTo of a request sent from here within ten minutes, taken once), then the assertion's Recipient and its ID (an assertion used before is a replay), and signs in as the OIDC callback does. Refusals go back to `/login?sso_error=<reason>`.",
      access: "public",
      tags: ["Auth"],
      requestBody: {
        required: true,
        content: { "application/x-www-form-urlencoded": { schema: samlAcsFormSchema } },
      },
      responses: { 303: REDIRECT },
      errors: [400, 404, 413],
    },
  },
  "/auth/sso/{providerId}/slo": {
    requestParams: { path: pathIds("providerId") },
    get: {
      requestParams: { query: samlSloQuerySchema },
      operationId: "samlSingleLogout",
      summary: "The SAML single logout service (HTTP-Redirect binding)",
      description:
        "The IdP's LogoutResponse to our logout (checked for the log; on to /login whatever it says), or a signed LogoutRequest the IdP starts (every session the person it names signed in to through this IdP ends on the server, this browser's cookie goes, and the IdP gets its LogoutResponse; an unsigned or invalid one ends nothing).",
      access: "public",
      tags: ["Auth"],
      responses: { 303: { description: "A redirect: to /login, or to the IdP with our LogoutResponse" } },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "samlSingleLogoutPost",
      summary: "The SAML single logout service (HTTP-POST binding)",
      description:
        "The same messages as by HTTP-Redirect, as a form the IdP's page posts (saml-idp always, Shibboleth and AD FS by default); the signature is the XML's own. A signed LogoutRequest ends, on the server, every session the person it names signed in to through this IdP (the cross-site post carries no session cookie), clears this browser's cookie, and answers the IdP with a LogoutResponse (HTTP-Redirect) or lands on /login; a LogoutResponse lands on /login.",
      access: "public",
      tags: ["Auth"],
      requestBody: {
        required: true,
        content: { "application/x-www-form-urlencoded": { schema: samlSloFormSchema } },
      },
      responses: { 303: { description: "A redirect: to /login, or to the IdP with our LogoutResponse" } },
      errors: [400, 403, 404, 413],
    },
  },
  "/auth/logout": {
    post: {
      operationId: "logout",
      summary: "Log out, and out of the identity provider too where it offers single logout",
      description:
        "Ends the session of the request's cookie or bearer token on the server (the same cookie or token is refused from the next request, on every app node) and clears this browser's cookie whatever else happens. A session signed in through an identity provider is also ended there: `redirectTo` is the provider's logout address (OIDC end_session_endpoint with id_token_hint and post_logout_redirect_uri; SAML SingleLogoutService with a signed LogoutRequest), else /login. A provider that cannot be reached only means /login.",
      // Public like sign-in: anyone may call it, and it ends only the session the request carries. A
      // session cookie sent from another site's page is refused (403), as every cookie write is.
      access: "public",
      tags: ["Auth"],
      responses: { 200: json("Where the browser goes next", logoutAnswerSchema) },
      errors: [403],
    },
  },
  "/auth/sso/{providerId}/callback": {
    requestParams: {
      path: pathIds("providerId"),
      query: z.object({
        code: z.string().optional(),
        state: z.string().optional(),
        error: z.string().optional(),
      }),
    },
    get: {
      operationId: "finishSingleSignOn",
      summary: "Where the identity provider sends the browser back (the redirect URI to register)",
      description:
        "Checks the state against the browser's cookie and the pending request (once, within ten minutes), exchanges the code, verifies the ID token (signature, issuer, audience, expiry, nonce), then signs in the linked account, links an existing account by a verified e-mail, or makes one when the provider allows it. Sets the same session cookie as a password sign-in.",
      access: "public",
      tags: ["Auth"],
      responses: { 303: REDIRECT },
      errors: [404],
    },
  },
});
