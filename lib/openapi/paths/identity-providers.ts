import { z } from "zod";
import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import {
  createIdentityProviderSchema,
  identityProviderListSchema,
  identityProviderViewSchema,
  signInPolicySchema,
  signInPolicyViewSchema,
  updateIdentityProviderSchema,
} from "@/lib/schemas/identity-providers";

// app/api/admin/identity-providers/** (System Settings → Sign-in) and the browser's sign-in through them,
// app/auth/sso/**.

const MANAGE =
  "Admins of the organization (settings:manage), on its host; the apex has none (404). The client secret is write-only: stored encrypted, never answered (`hasClientSecret`).";
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
      responses: { 200: json("The providers, by name", identityProviderListSchema) },
      errors: [403, 404],
    },
    post: {
      operationId: "createIdentityProvider",
      summary: "Add an OpenID Connect identity provider",
      description: `${MANAGE} ${ISSUER_RULE} A name already used is a 409. Audited, without the secret.`,
      access: "signed-in",
      requestBody: jsonBody(createIdentityProviderSchema),
      responses: { 201: json("The provider", identityProviderViewSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/identity-providers/{providerId}": {
    requestParams: { path: pathIds("providerId") },
    get: {
      operationId: "getIdentityProvider",
      summary: "An identity provider",
      description: MANAGE,
      access: "signed-in",
      responses: { 200: json("The provider", identityProviderViewSchema) },
      errors: [403, 404],
    },
    put: {
      operationId: "updateIdentityProvider",
      summary: "Change an identity provider (the whole of it)",
      description: `${MANAGE} \`clientSecret\` omitted keeps the stored one. ${ISSUER_RULE} Audited, without the secret.`,
      access: "signed-in",
      requestBody: jsonBody(updateIdentityProviderSchema),
      responses: { 200: json("The provider", identityProviderViewSchema) },
      errors: [400, 403, 404, 409],
    },
    delete: {
      operationId: "deleteIdentityProvider",
      summary: "Remove an identity provider",
      description: `${MANAGE} Accounts made through it stay; they sign in some other way. Audited.`,
      access: "signed-in",
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
      responses: { 200: json("The policy", signInPolicyViewSchema) },
      errors: [403, 404],
    },
    put: {
      operationId: "updateSignInPolicy",
      summary: "Require single sign-on (or not), and name the break-glass accounts",
      description:
        "While `ssoOnly` is on, password sign-in, registration and password reset answer 403 saying the organization signs in with single sign-on, except for the break-glass accounts (active users of the organization, else 400). Turning it on without an enabled identity provider is a 409. Audited.",
      access: "signed-in",
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
