import "server-only";
import { db } from "@/lib/db";
import type { ApiKeyList } from "@/lib/schemas/api-keys";
import type { PaginationQuery } from "@/lib/schemas/pagination";
import { requireKeyManager } from "@/lib/server/api-keys/access";
import { apiKeySelect, apiKeyView } from "@/lib/server/api-keys/view";
import { grantableScopes } from "@/lib/tenancy/api-key-scopes";
import type { TenantContext } from "@/lib/tenancy/context";

/** The organization's keys, newest first (revoked and expired ones too, so their use stays traceable). */
export async function listApiKeys(ctx: TenantContext, { page, page_size }: PaginationQuery): Promise<ApiKeyList> {
  const organizationId = requireKeyManager(ctx);
  const where = { organizationId };
  const [rows, total] = await Promise.all([
    db().apiKey.findMany({
      where,
      select: apiKeySelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * page_size,
      take: page_size,
    }),
    db().apiKey.count({ where }),
  ]);
  return { items: rows.map(apiKeyView), page, page_size, total, grantable_scopes: grantableScopes(ctx.role) };
}
