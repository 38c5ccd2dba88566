import { z } from "zod";

// An organization's identity providers (System Settings → Sign-in). OpenID Connect: the authorization
// code flow with PKCE against the issuer's discovery document. The client secret is write-only: stored
// sealed, never sent back (`hasClientSecret` says whether there is one). SAML 2.0: the IdP's metadata by
// URL or pasted XML; our service provider's key pair is made by the server, its private key stored sealed
// and never sent back, its certificate shown to give the IdP.

const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(60, "Name must be at most 60 characters");

const claim = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

const roleValues = z
  .array(z.string().trim().min(1, "A value cannot be empty").max(200, "A value must be at most 200 characters"), {
    error: "Values must be a list of text",
  })
  .max(20, "At most 20 values");

const issuer = z
  .url({ protocol: /^https?$/, error: "Issuer must be an http(s) URL such as https://login.example.com" })
  .max(500, "Issuer must be at most 500 characters");

const commonFields = {
  name,
  enabled: z.boolean({ error: "Choose whether the provider is on" }),
  /** An unknown e-mail signs in as a new account (learner, or the mapped role). */
  jitEnabled: z.boolean({ error: "Choose whether new accounts are made on first sign-in" }),
};

/** How the provider's claims (OIDC) or attributes (SAML) say who the person is: the same for both. */
const mappingFields = {
  emailClaim: claim("E-mail claim"),
  firstNameClaim: claim("First name claim"),
  lastNameClaim: claim("Last name claim"),
  /** The claim whose value(s) choose the role; "" maps nobody (everyone is a learner). */
  roleClaim: z
    .string({ error: "Role claim must be text" })
    .trim()
    .max(100, "Role claim must be at most 100 characters"),
  instructorValues: roleValues,
  orgAdminValues: roleValues,
};

const providerFields = {
  ...commonFields,
  protocol: z.literal("oidc", { error: "Protocol must be oidc or saml" }),
  issuer,
  clientId: z
    .string({ error: "Client ID is required" })
    .trim()
    .min(1, "Client ID is required")
    .max(255, "Client ID must be at most 255 characters"),
  scopes: z
    .string({ error: "Scopes must be text" })
    .trim()
    .max(300, "Scopes must be at most 300 characters")
    .refine((s) => s.split(/\s+/).includes("openid"), "Scopes must include openid"),
  ...mappingFields,
};

const clientSecret = z
  .string({ error: "Client secret must be text" })
  .min(1, "Client secret is required")
  .max(1000, "Client secret must be at most 1000 characters");

/**
 * A new provider may take the id (and for SAML the key pair) reserved when its form opened, so what the
 * IdP is given before saving stays true after (POST /api/admin/identity-providers/drafts).
 */
const draft = z
  .string({ error: "Draft must be text" })
  .min(1, "Draft must not be empty")
  .max(10_000, "Draft must be at most 10,000 characters")
  .optional()
  .meta({ description: "The `draft` answered by POST /api/admin/identity-providers/drafts" });

const oidcCreateSchema = z.object({ ...providerFields, clientSecret, draft }).strict();
const oidcUpdateSchema = z.object({ ...providerFields, clientSecret: clientSecret.optional() }).strict();
export type OidcProviderInput = z.infer<typeof oidcUpdateSchema>;

/**
 * A SAML IdP: its metadata from a URL (read when saved, through the egress guard) or pasted as XML,
 * exactly one of the two; the attribute names read like OIDC's claims.
 */
const samlObject = z
  .object({
    ...commonFields,
    protocol: z.literal("saml", { error: "Protocol must be oidc or saml" }),
    metadataUrl: z
      .union([
        z.literal(""),
        z
          .url({ protocol: /^https?$/, error: "Metadata URL must be an http(s) URL" })
          .max(500, "At most 500 characters"),
      ])
      .default(""),
    metadataXml: z
      .string({ error: "Metadata XML must be text" })
      .trim()
      .max(200_000, "Metadata XML must be at most 200,000 characters")
      .default(""),
    ...mappingFields,
  })
  .strict();
const exactlyOneMetadata = (input: { metadataUrl: string; metadataXml: string }) =>
  (input.metadataUrl === "") !== (input.metadataXml === "");
const METADATA_RULE = "Give the IdP metadata URL or its XML (one of the two)";
export type SamlProviderInput = z.infer<typeof samlObject>;

const samlCreateSchema = samlObject.extend({ draft }).strict();

/** POST /api/admin/identity-providers. */
export const createIdentityProviderSchema = z
  .discriminatedUnion("protocol", [oidcCreateSchema, samlCreateSchema], { error: "Protocol must be oidc or saml" })
  .refine((input) => input.protocol !== "saml" || exactlyOneMetadata(input), {
    message: METADATA_RULE,
    path: ["metadataUrl"],
  });
export type CreateIdentityProviderInput = z.infer<typeof createIdentityProviderSchema>;

/**
 * PUT /api/admin/identity-providers/{id}: the whole provider (its protocol cannot change); an OIDC
 * `clientSecret` omitted keeps the stored one; a SAML metadata URL is read again.
 */
export const updateIdentityProviderSchema = z
  .discriminatedUnion("protocol", [oidcUpdateSchema, samlObject], { error: "Protocol must be oidc or saml" })
  .refine((input) => input.protocol !== "saml" || exactlyOneMetadata(input), {
    message: METADATA_RULE,
    path: ["metadataUrl"],
  });
export type UpdateIdentityProviderInput = z.infer<typeof updateIdentityProviderSchema>;

/** What is stored in IdentityProvider.config (everything but the name, the switches and the secret). */
export const oidcConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  scopes: z.string(),
  emailClaim: z.string(),
  firstNameClaim: z.string(),
  lastNameClaim: z.string(),
  roleClaim: z.string(),
  instructorValues: z.array(z.string()),
  orgAdminValues: z.array(z.string()),
});
export type OidcConfig = z.infer<typeof oidcConfigSchema>;

export const claimMappingSchema = oidcConfigSchema.pick({
  emailClaim: true,
  firstNameClaim: true,
  lastNameClaim: true,
  roleClaim: true,
  instructorValues: true,
  orgAdminValues: true,
});
export type ClaimMapping = z.infer<typeof claimMappingSchema>;

/** What is stored in IdentityProvider.config of a SAML IdP: the metadata and what was read from it. */
export const samlConfigSchema = claimMappingSchema.extend({
  metadataUrl: z.string(),
  metadataXml: z.string(),
  idpEntityId: z.string(),
  idpSsoUrl: z.string(),
  /** The IdP's single logout endpoint (HTTP-Redirect binding), when its metadata has one. */
  idpSloUrl: z.string().nullable(),
  idpCertificates: z.array(z.string()),
  /** Our service provider's signing certificate (PEM); its private key is the provider's sealed secret. */
  spCertificate: z.string(),
});
export type SamlConfig = z.infer<typeof samlConfigSchema>;

export const OIDC_DEFAULTS = {
  scopes: "openid email profile",
  emailClaim: "email",
  firstNameClaim: "given_name",
  lastNameClaim: "family_name",
  roleClaim: "",
  instructorValues: [] as string[],
  orgAdminValues: [] as string[],
};

/** What the API shows of a provider: never its secret. */
const oidcViewSchema = z
  .object({
    id: z.uuid(),
    protocol: z.literal("oidc"),
    name: z.string(),
    enabled: z.boolean(),
    jitEnabled: z.boolean(),
    ...oidcConfigSchema.shape,
    hasClientSecret: z.boolean().meta({ description: "The secret itself is never sent back" }),
    redirectPath: z
      .string()
      .meta({ description: "The redirect (callback) path to register at the provider, on this host" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "OidcIdentityProvider" });
export type OidcProviderView = z.infer<typeof oidcViewSchema>;

const samlViewSchema = z
  .object({
    id: z.uuid(),
    protocol: z.literal("saml"),
    name: z.string(),
    enabled: z.boolean(),
    jitEnabled: z.boolean(),
    ...samlConfigSchema.shape,
    hasPrivateKey: z.boolean().meta({ description: "The service provider's private key is never sent back" }),
    metadataPath: z.string().meta({
      description: "Our SP metadata on this host; its full URL is also our entity ID (the audience)",
    }),
    acsPath: z.string().meta({ description: "The assertion consumer service (ACS, HTTP-POST) path on this host" }),
    sloPath: z.string().meta({ description: "The single logout service (HTTP-Redirect) path on this host" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "SamlIdentityProvider" });
export type SamlProviderView = z.infer<typeof samlViewSchema>;

export const identityProviderViewSchema = z
  .discriminatedUnion("protocol", [oidcViewSchema, samlViewSchema])
  .meta({ id: "IdentityProvider" });
export type IdentityProviderView = z.infer<typeof identityProviderViewSchema>;

export const identityProviderListSchema = z
  .object({ data: z.array(identityProviderViewSchema) })
  .meta({ id: "IdentityProviderList" });

/** POST /api/admin/identity-providers/drafts: reserve a new provider's id before its form is saved. */
export const identityProviderDraftRequestSchema = z
  .object({ protocol: z.enum(["oidc", "saml"], { error: "Protocol must be oidc or saml" }) })
  .strict()
  .meta({ id: "IdentityProviderDraftRequest" });
export type IdentityProviderDraftRequest = z.infer<typeof identityProviderDraftRequestSchema>;

const draftToken = z.string().meta({
  description: "Sealed by the server (the id, and for SAML the key pair): send it back as `draft` with the create",
});

/** What to give the IdP before anything is saved: the same values the provider shows once created. */
const oidcDraftViewSchema = z.object({
  protocol: z.literal("oidc"),
  id: z.uuid(),
  draft: draftToken,
  redirectPath: oidcViewSchema.shape.redirectPath,
});
const samlDraftViewSchema = z.object({
  protocol: z.literal("saml"),
  id: z.uuid(),
  draft: draftToken,
  metadataPath: samlViewSchema.shape.metadataPath,
  acsPath: samlViewSchema.shape.acsPath,
  sloPath: samlViewSchema.shape.sloPath,
  spCertificate: z.string().meta({ description: "Our signing certificate (PEM), the one the saved provider keeps" }),
  spMetadata: z.string().meta({ description: "Our SP metadata XML, as the metadata URL answers once saved" }),
});
export const identityProviderDraftSchema = z
  .discriminatedUnion("protocol", [oidcDraftViewSchema, samlDraftViewSchema])
  .meta({ id: "IdentityProviderDraft" });
export type IdentityProviderDraft = z.infer<typeof identityProviderDraftSchema>;

/** The sign-in buttons of the login page. */
export interface SignInProvider {
  id: string;
  name: string;
}

/** The settings form: the role values typed as comma-separated text, the secret empty to keep the stored one. */
const commaText = z.string({ error: "Values must be text" }).max(2000, "At most 2000 characters");
export const identityProviderFormSchema = oidcUpdateSchema.extend({
  clientSecret: z
    .string({ error: "Client secret must be text" })
    .max(1000, "Client secret must be at most 1000 characters")
    .optional(),
  instructorValues: commaText,
  orgAdminValues: commaText,
});
export type IdentityProviderFormInput = z.infer<typeof identityProviderFormSchema>;

/** The SAML settings form: the same, with the role values as comma-separated text. */
export const samlProviderFormSchema = samlObject
  .extend({ instructorValues: commaText, orgAdminValues: commaText })
  .refine(exactlyOneMetadata, { message: METADATA_RULE, path: ["metadataUrl"] });
export type SamlProviderFormInput = z.input<typeof samlProviderFormSchema>;

export const SAML_DEFAULTS = {
  emailClaim: "email",
  firstNameClaim: "firstName",
  lastNameClaim: "lastName",
  roleClaim: "",
};

/** "a, b ,c" → ["a", "b", "c"] (the server checks the list again). */
export function valuesFromText(text: string): string[] {
  return text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * PUT /api/admin/sign-in-policy. `ssoOnly`: password sign-in, registration and password reset are refused
 * for everyone but the break-glass accounts (for when the identity provider is down or misconfigured).
 */
export const signInPolicySchema = z
  .object({
    ssoOnly: z.boolean({ error: "Choose whether single sign-on is required" }),
    breakGlassUserIds: z
      .array(z.uuid({ error: "Each break-glass account must be a user id" }), {
        error: "Break-glass accounts must be a list of user ids",
      })
      .max(20, "At most 20 break-glass accounts"),
  })
  .strict()
  .meta({ id: "SignInPolicy" });
export type SignInPolicy = z.infer<typeof signInPolicySchema>;

/** The policy as the settings page shows it: the break-glass accounts with their names. */
export const signInPolicyViewSchema = z
  .object({
    ssoOnly: z.boolean(),
    breakGlassUsers: z.array(
      z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), email: z.string() }),
    ),
  })
  .meta({ id: "SignInPolicyView" });
export type SignInPolicyView = z.infer<typeof signInPolicyViewSchema>;

/** The IdP's answer posted to our SAML ACS (HTTP-POST binding). */
export const samlAcsFormSchema = z
  .object({
    SAMLResponse: z
      .string({ error: "SAMLResponse is required" })
      .min(1, "SAMLResponse is required")
      .max(1_000_000, "SAMLResponse is too large"),
    RelayState: z.string().max(1000, "RelayState must be at most 1000 characters").optional(),
  })
  .meta({ id: "SamlAcsForm" });

/** What the IdP sends to our SAML single logout service (HTTP-Redirect binding). */
export const samlSloQuerySchema = z.object({
  SAMLResponse: z.string().max(100_000).optional(),
  SAMLRequest: z.string().max(100_000).optional(),
  RelayState: z.string().max(1000).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(2000).optional(),
});

/** The single logout service's form (HTTP-POST binding): the signature is inside the XML, not beside it. */
export const samlSloFormSchema = z.object({
  SAMLResponse: z.string().max(100_000).optional(),
  SAMLRequest: z.string().max(100_000).optional(),
  RelayState: z.string().max(1000).optional(),
});

/** POST /auth/logout: where the browser goes next (the provider's logout, or the login page). */
export const logoutAnswerSchema = z
  .object({
    redirectTo: z.string().meta({
      description: "The identity provider's logout address (single logout), or /login",
    }),
  })
  .meta({ id: "LogoutAnswer" });
