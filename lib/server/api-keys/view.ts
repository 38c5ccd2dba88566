import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ApiKeyView } from "@/lib/schemas/api-keys";

export const apiKeySelect = {
  id: true,
  name: true,
  hint: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdBy: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.ApiKeySelect;
export type ApiKeyRow = Prisma.ApiKeyGetPayload<{ select: typeof apiKeySelect }>;

export function apiKeyStatus(row: Pick<ApiKeyRow, "revokedAt" | "expiresAt">, now = new Date()): ApiKeyView["status"] {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  return "active";
}

export function apiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    scopes: row.scopes,
    status: apiKeyStatus(row),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy
      ? { id: row.createdBy.id, name: `${row.createdBy.firstName} ${row.createdBy.lastName}`.trim() }
      : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
