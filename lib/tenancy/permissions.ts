import { AppError, type FieldErrors } from "@/lib/errors";
import type { TenantContext } from "@/lib/tenancy/context";
import { can, type Permission } from "@/lib/tenancy/role-permissions";

export { can, rolesWith, type Holder, type Permission } from "@/lib/tenancy/role-permissions";

// Authorization by permission: the table of roles → permissions is lib/tenancy/role-permissions.ts
// (docs/permissions.md is the readable matrix). lib/server calls requirePermission, so a page, a route
// handler or a job cannot skip the check.
//
// One style of authorization, everywhere outside lib/tenancy:
// - a refusal is requirePermission(ctx, permission) (a 403; a few services say who may do it instead,
//   with the message of docs/permissions.md and the specification);
// - where the answer chooses a scope rather than refusing ("the whole organization, or only what I teach"),
//   can(ctx.role, permission), never a comparison of role names;
// - "the superadmin acting for the platform" (on the apex, with no organization) is actsForPlatform(ctx).

export const NO_PERMISSION_MESSAGE = "You do not have permission to do this";

/**
 * Refuses (403) a caller without `permission`. `message` replaces the general one where the specification
 * says who may do it instead (e.g. "Only administrators can change settings. …"); `fieldErrors` point a
 * form at the field that asked for it.
 */
export function requirePermission(
  ctx: Pick<TenantContext, "role" | "apiKey">,
  permission: Permission,
  message: string = NO_PERMISSION_MESSAGE,
  options: { fieldErrors?: FieldErrors } = {},
): void {
  if (!can(ctx, permission)) throw new AppError("FORBIDDEN", message, options);
}

/**
 * The superadmin acting for the platform: signed in on the apex, where they belong to no organization.
 * Their reports and audit log span every organization, their settings and mail server are the platform's.
 * (The superadmin on an organization's address acts inside that organization, as its administrators do;
 * what they may do in any organization is the permission organizations:manage:all.)
 */
export function actsForPlatform(ctx: Pick<TenantContext, "role" | "organizationId" | "apiKey">): boolean {
  return ctx.organizationId === null && can(ctx, "organizations:manage:all");
}
