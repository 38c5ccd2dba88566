import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/routes";

/**
 * Who is asking, and inside which tenant. Built in one place (lib/auth/caller.ts) from the request's
 * Host and its session, and passed as the first argument of every lib/server function.
 */
export interface TenantContext {
  /** The organization of the host; null on the apex (only the superadmin works there). */
  organizationId: string | null;
  subdomain: string | null;
  userId: string;
  role: Role;
}

/** The organization id of a tenant-scoped call. The apex has none, so tenant data asked for there is a 404. */
export function tenantId(ctx: TenantContext): string {
  if (!ctx.organizationId) throw new AppError("NOT_FOUND", "Not found: open this on your organization's own address");
  return ctx.organizationId;
}
