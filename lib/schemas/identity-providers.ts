import { z } from "zod";

// An organization's identity providers (System Settings → Sign-in). OpenID Connect: the authorization
// code flow with PKCE against the issuer's discovery document. The client secret is write-only: stored
// sealed, never sent back (`hasClientSecret` says whether there is one).

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

const providerFields = {
  name,
  enabled: z.boolean({ error: "Choose whether the provider is on" }),
  /** An unknown e-mail signs in as a new account (learner, or the mapped role). */
  jitEnabled: z.boolean({ error: "Choose whether new accounts are made on first sign-in" }),
  protocol: z.literal("oidc", { error: "Protocol must be oidc" }),
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

const clientSecret = z
  .string({ error: "Client secret must be text" })
  .min(1, "Client secret is required")
  .max(1000, "Client secret must be at most 1000 characters");

/** POST /api/admin/identity-providers. */
export const createIdentityProviderSchema = z.object({ ...providerFields, clientSecret }).strict();
export type CreateIdentityProviderInput = z.infer<typeof createIdentityProviderSchema>;

/** PUT /api/admin/identity-providers/{id}: the whole provider; `clientSecret` omitted keeps the stored one. */
export const updateIdentityProviderSchema = z
  .object({ ...providerFields, clientSecret: clientSecret.optional() })
  .strict();
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
export const identityProviderViewSchema = z
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
  .meta({ id: "IdentityProvider" });
export type IdentityProviderView = z.infer<typeof identityProviderViewSchema>;

export const identityProviderListSchema = z
  .object({ data: z.array(identityProviderViewSchema) })
  .meta({ id: "IdentityProviderList" });

/** The sign-in buttons of the login page. */
export interface SignInProvider {
  id: string;
  name: string;
}

/** The settings form: the role values typed as comma-separated text, the secret empty to keep the stored one. */
const commaText = z.string({ error: "Values must be text" }).max(2000, "At most 2000 characters");
export const identityProviderFormSchema = updateIdentityProviderSchema.extend({
  clientSecret: z
    .string({ error: "Client secret must be text" })
    .max(1000, "Client secret must be at most 1000 characters")
    .optional(),
  instructorValues: commaText,
  orgAdminValues: commaText,
});
export type IdentityProviderFormInput = z.infer<typeof identityProviderFormSchema>;

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
