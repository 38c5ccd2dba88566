import { z } from "zod";
import { credentialNameSchema, credentialScopesSchema } from "@/lib/schemas/api-keys";
import { LRS_SCOPES, type LrsScope } from "@/lib/xapi/scopes";

// The organization's LRS clients (System Settings → LRS clients, /api/admin/lrs-clients): the key and
// secret an xAPI client (a course, an authoring tool, the cmi5 player) sends as Basic auth to the
// organization's /xapi/ endpoint. The secret is answered once, by the creation.

export const createLrsClientSchema = z.object({
  name: credentialNameSchema,
  scopes: credentialScopesSchema(
    z.enum(LRS_SCOPES as unknown as [LrsScope, ...LrsScope[]], { error: "Not an xAPI scope" }),
    LRS_SCOPES.length,
    "Choose the client's scopes",
  ),
});
export type CreateLrsClientInput = z.infer<typeof createLrsClientSchema>;

export const lrsClientViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The Basic auth user name. */
  key: z.string(),
  scopes: z.array(z.string()),
  status: z.enum(["active", "revoked"]),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type LrsClientView = z.infer<typeof lrsClientViewSchema>;

export const createdLrsClientSchema = lrsClientViewSchema.extend({
  /** Shown once: only its hash is kept. */
  secret: z.string(),
  /** The organization's xAPI endpoint. */
  endpoint: z.string(),
});
export type CreatedLrsClient = z.infer<typeof createdLrsClientSchema>;

export const lrsClientListSchema = z.object({ items: z.array(lrsClientViewSchema) });
export type LrsClientList = z.infer<typeof lrsClientListSchema>;
