import "server-only";
import { apiKeyHint, hashApiKeySecret, newApiKeySecret } from "@/lib/auth/api-key-secret";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ApiKeyView, CreateApiKeyInput, CreatedApiKey } from "@/lib/schemas/api-keys";
import { isId } from "@/lib/schemas/id";
import { requireKeyManager } from "@/lib/server/api-keys/access";
import { apiKeySelect, apiKeyView } from "@/lib/server/api-keys/view";
import { audit, auditActor } from "@/lib/server/audit";
import type { TenantContext } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

const notFound = () => new AppError("NOT_FOUND", "API key not found");

/**
 * Makes a key with the scopes asked for, each one the caller holds (a key never holds more than its
 * creator). The answer carries the secret, which is stored only as its hash and never shown again.
 */
export async function createApiKey(ctx: TenantContext, input: CreateApiKeyInput, ip?: string): Promise<CreatedApiKey> {
  const organizationId = requireKeyManager(ctx);
  const beyond = input.scopes.filter((scope) => !can(ctx, scope));
  if (beyond.length > 0) {
    const message = `A key cannot hold more than you do: you do not hold ${beyond.map((s) => `'${s}'`).join(", ")}`;
    throw new AppError("FORBIDDEN", message, { fieldErrors: { scopes: [message] } });
  }
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= new Date()) {
    const message = "The expiry must lie in the future";
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { expires_at: [message] } });
  }
  const secret = newApiKeySecret();
  const row = await db().$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        organizationId,
        name: input.name,
        hint: apiKeyHint(secret),
        secretHash: hashApiKeySecret(secret),
        scopes: input.scopes,
        createdById: ctx.userId,
        expiresAt,
      },
      select: apiKeySelect,
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "api_key.create",
        entityType: "api_key",
        entityId: created.id,
        data: { name: created.name, scopes: created.scopes, expires_at: expiresAt?.toISOString() ?? null },
        ip: ip ?? null,
      },
      tx,
    );
    return created;
  });
  return { ...apiKeyView(row), secret };
}

/** Revokes a key at once: the next request with it, on any node, is refused. Revoking twice changes nothing. */
export async function revokeApiKey(ctx: TenantContext, keyId: string, ip?: string): Promise<ApiKeyView> {
  const organizationId = requireKeyManager(ctx);
  if (!isId(keyId)) throw notFound();
  return db().$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id: keyId, organizationId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    const row = await tx.apiKey.findUnique({
      where: { organizationId_id: { organizationId, id: keyId } },
      select: apiKeySelect,
    });
    if (!row) throw notFound();
    if (count > 0)
      await audit(
        {
          organizationId,
          ...auditActor(ctx),
          action: "api_key.revoke",
          entityType: "api_key",
          entityId: keyId,
          data: { name: row.name },
          ip: ip ?? null,
        },
        tx,
      );
    return apiKeyView(row);
  });
}
