import "server-only";
import { AppError } from "@/lib/errors";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

/**
 * The caller manages the organization's API keys: an administrator (api-keys:manage) on its host (the
 * apex has none: 404), in person. A key never makes, lists or revokes keys, whatever its scopes.
 */
export function requireKeyManager(ctx: TenantContext): string {
  if (ctx.apiKey) throw new AppError("FORBIDDEN", "An API key cannot manage API keys: sign in as an administrator");
  requirePermission(ctx, "api-keys:manage", "Only administrators can manage API keys");
  return tenantId(ctx);
}
