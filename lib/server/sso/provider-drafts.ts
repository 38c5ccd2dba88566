import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { IdentityProviderDraft, IdentityProviderDraftRequest } from "@/lib/schemas/identity-providers";
import { openSecret, sealSecret } from "@/lib/server/secret-box";
import { requireSettingsManager } from "@/lib/server/settings/mutations";
import { callbackPath, samlAcsPath, samlMetadataPath, samlSloPath } from "@/lib/server/sso/paths";
import { draftSpMetadataXml } from "@/lib/server/sso/saml-client";
import { generateSpKeyPair, type SpKeyPair } from "@/lib/server/sso/saml-keys";
import { uuid7 } from "@/lib/server/uuid7";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// A provider's values for the IdP (redirect URI; entity ID, ACS and SLO URLs, signing certificate) depend
// only on its id and, for SAML, its key pair, while saving needs what the IdP gives in return. So the form
// reserves both when it opens: nothing is stored; the id and the key pair travel sealed (AES-GCM under the
// server's key) to the browser and back with the create, bound to the organization. The private key never
// leaves in clear, and a draft used once names a saved provider, so it cannot make a second one.

const payloadSchema = z.object({
  kind: z.literal("identity-provider-draft"),
  organizationId: z.string(),
  id: z.uuid(),
  protocol: z.enum(["oidc", "saml"]),
  keys: z.object({ privateKeyPem: z.string(), certificatePem: z.string() }).optional(),
});

export interface OpenedDraft {
  id: string;
  /** The SAML provider's key pair, made with the draft. */
  keys: SpKeyPair | null;
}

export function startIdentityProviderDraft(
  ctx: TenantContext,
  { protocol }: IdentityProviderDraftRequest,
  origin: string,
): IdentityProviderDraft {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  const id = uuid7();
  if (protocol === "oidc") {
    const draft = sealSecret(JSON.stringify({ kind: "identity-provider-draft", organizationId, id, protocol }));
    return { protocol, id, draft, redirectPath: callbackPath(id) };
  }
  const keys = generateSpKeyPair(`LMS SAML SP ${id}`);
  const draft = sealSecret(JSON.stringify({ kind: "identity-provider-draft", organizationId, id, protocol, keys }));
  return {
    protocol,
    id,
    draft,
    metadataPath: samlMetadataPath(id),
    acsPath: samlAcsPath(id),
    sloPath: samlSloPath(id),
    spCertificate: keys.certificatePem,
    spMetadata: draftSpMetadataXml(organizationId, id, keys, origin),
  };
}

const refused = () =>
  new AppError("BAD_REQUEST", "This form's draft is not valid here: reload the page and start again", {
    fieldErrors: { draft: ["This form's draft is not valid here: reload the page and start again"] },
  });

/** The id and keys a draft reserved, for a provider of `protocol` in the caller's organization. */
export function openIdentityProviderDraft(ctx: TenantContext, draft: string, protocol: "oidc" | "saml"): OpenedDraft {
  const plain = openSecret(draft);
  if (plain === null) throw refused();
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain);
  } catch {
    throw refused();
  }
  const payload = payloadSchema.safeParse(parsed);
  if (!payload.success || payload.data.organizationId !== tenantId(ctx) || payload.data.protocol !== protocol)
    throw refused();
  if (protocol === "saml" && !payload.data.keys) throw refused();
  return { id: payload.data.id, keys: payload.data.keys ?? null };
}
