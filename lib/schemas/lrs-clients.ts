import { z } from "zod";
import { credentialNameSchema, credentialScopesSchema } from "@/lib/schemas/api-keys";
import { LRS_SCOPES, type LrsScope } from "@/lib/xapi/scopes";

// The organization's LRS clients (System Settings → LRS clients, /api/admin/lrs-clients): the key and
// secret an xAPI client (a course, an authoring tool, the cmi5 player) sends as Basic auth to the
// organization's /xapi/ endpoint. The secret is answered once, by the creation.

/** The versions the LRS speaks, as a client names the one its content was written for. */
export const LRS_CLIENT_VERSIONS = ["2.0.0", "1.0.3"] as const;
export type LrsClientVersion = (typeof LRS_CLIENT_VERSIONS)[number];

export const createLrsClientSchema = z.object({
  name: credentialNameSchema,
  scopes: credentialScopesSchema(
    z.enum(LRS_SCOPES as unknown as [LrsScope, ...LrsScope[]], { error: "Not an xAPI scope" }),
    LRS_SCOPES.length,
    "Choose the client's scopes",
  ),
  /**
   * The version its content speaks: every request names its version in a header, and one that names none
   * is refused (400) in this version's terms. 2.0.0 unless the content was written for 1.0.3.
   */
  xapi_version: z.enum(LRS_CLIENT_VERSIONS, { error: "Choose 2.0.0 or 1.0.3" }).default("2.0.0"),
});
export type CreateLrsClientInput = z.infer<typeof createLrsClientSchema>;

export const lrsClientViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The Basic auth user name. */
  key: z.string(),
  scopes: z.array(z.string()),
  xapi_version: z.enum(LRS_CLIENT_VERSIONS),
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
