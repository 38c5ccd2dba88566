import { z } from "zod";
import { API_KEY_SCOPES } from "@/lib/tenancy/api-key-scopes";
import type { Permission } from "@/lib/tenancy/role-permissions";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

// The organization's API keys (System Settings → API keys, /api/admin/api-keys). The secret is answered
// once, by the creation; afterwards a key shows only its hint (`lmsk_` and four characters).

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES as [Permission, ...Permission[]], {
  error: "Not a scope an API key may hold",
});

/** A machine credential's name (an API key, an LRS client): what uses it. */
export const credentialNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(60, "Name must be at most 60 characters");

/** A credential's scopes: at least one, each once. */
export const credentialScopesSchema = <S extends z.ZodType<string>>(scope: S, most: number, missing: string) =>
  z
    .array(scope, { error: missing })
    .min(1, "Choose at least one scope")
    .max(most)
    .refine((scopes) => new Set(scopes).size === scopes.length, "A scope is listed twice");

export const createApiKeySchema = z.object({
  name: credentialNameSchema,
  scopes: credentialScopesSchema(apiKeyScopeSchema, API_KEY_SCOPES.length, "Choose the key's scopes"),
  /** When the key stops working; none: until it is revoked. Must lie in the future. */
  expires_at: z.iso
    .datetime({ offset: true, error: "Use a date and time such as 2027-01-31T00:00:00Z" })
    .nullable()
    .optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const listApiKeysQuerySchema = paginationQuerySchema;

export const apiKeyStatusSchema = z.enum(["active", "expired", "revoked"]);

export const apiKeyViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The secret's opening characters, to tell keys apart. */
  hint: z.string(),
  scopes: z.array(z.string()),
  status: apiKeyStatusSchema,
  created_at: z.iso.datetime(),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  expires_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListSchema = z.object({
  items: z.array(apiKeyViewSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  /** The scopes the caller may give a new key (their own, less those no key may hold). */
  grantable_scopes: z.array(z.string()),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The creation's answer: the key, and its secret, shown this once. */
export const createdApiKeySchema = apiKeyViewSchema.extend({
  secret: z.string().meta({ description: "The key's secret: `lmsk_` and 43 base64url characters. Shown once." }),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
