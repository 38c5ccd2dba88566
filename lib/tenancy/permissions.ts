import { AppError, type FieldErrors } from "@/lib/errors";
import type { Role } from "@/lib/routes";
import type { TenantContext } from "@/lib/tenancy/context";

// Roles → permissions, in one table (docs/permissions.md is the readable matrix). lib/server calls
// requirePermission, so a page, a route handler or a job cannot skip the check.
//
// One style of authorization, everywhere outside lib/tenancy:
// - a refusal is requirePermission(ctx, permission) (a 403; a few services say who may do it instead,
//   with the message of docs/permissions.md and the specification);
// - where the answer chooses a scope rather than refusing ("the whole organization, or only what I teach"),
//   can(ctx.role, permission), never a comparison of role names;
// - "the superadmin acting for the platform" (on the apex, with no organization) is actsForPlatform(ctx).

export const PERMISSIONS = [
  "profile:read:own",
  "profile:update:own",
  "messages:use",
  "calendar:read",
  "courses:read:published",
  "courses:enroll:self",
  "courses:create",
  "courses:update:own",
  "courses:update:any",
  "enrollments:manage",
  "reports:read",
  "reports:read:any",
  "groups:manage",
  "groups:manage:any",
  "events:manage",
  "events:manage:any",
  "messages:write:any",
  "users:manage",
  "users:manage:admins",
  "categories:manage",
  "organization:read:overview",
  "settings:read:teaching",
  "audit:read",
  "organization:update:own",
  "settings:manage",
  "import-export:use",
  "organizations:manage:all",
  "subdomains:manage",
  "certificates:read:own",
  "certificates:manage",
  "certificates:revoke",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const LEARNER: Permission[] = [
  "profile:read:own",
  "profile:update:own",
  "messages:use",
  "calendar:read",
  "courses:read:published",
  "courses:enroll:self",
  "certificates:read:own",
];
// settings:read:teaching: the read-only view of the settings that concern teaching (course defaults,
// password policy) that instructors and org admins find under /admin/settings; settings:manage edits all.
// messages:write:any: a conversation with anyone of the organization and any of its groups (a learner
// writes only to their teachers and their groups' members).
const INSTRUCTOR: Permission[] = [
  ...LEARNER,
  "courses:create",
  "courses:update:own",
  "enrollments:manage",
  "reports:read",
  "groups:manage",
  "events:manage",
  "messages:write:any",
  "settings:read:teaching",
  "certificates:manage",
];
// The ":any" permissions: the whole organization, where an instructor has what they teach or manage
// (every course, group and event, every report figure).
const ORG_ADMIN: Permission[] = [
  ...INSTRUCTOR,
  "courses:update:any",
  "reports:read:any",
  "groups:manage:any",
  "events:manage:any",
  "users:manage",
  "categories:manage",
  "organization:read:overview",
  "audit:read",
  "certificates:revoke",
];
// users:manage:admins: create an administrator, make someone one, change an administrator's account.
const ADMIN: Permission[] = [
  ...ORG_ADMIN,
  "users:manage:admins",
  "organization:update:own",
  "settings:manage",
  "import-export:use",
];

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  learner: new Set(LEARNER),
  instructor: new Set(INSTRUCTOR),
  org_admin: new Set(ORG_ADMIN),
  admin: new Set(ADMIN),
  superadmin: new Set(PERMISSIONS),
};

/** Whether `role` holds `permission`: for choosing a scope. To refuse, call requirePermission. */
export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export const NO_PERMISSION_MESSAGE = "You do not have permission to do this";

/**
 * Refuses (403) a caller without `permission`. `message` replaces the general one where the specification
 * says who may do it instead (e.g. "Only administrators can change settings. …"); `fieldErrors` point a
 * form at the field that asked for it.
 */
export function requirePermission(
  ctx: Pick<TenantContext, "role">,
  permission: Permission,
  message: string = NO_PERMISSION_MESSAGE,
  options: { fieldErrors?: FieldErrors } = {},
): void {
  if (!can(ctx.role, permission)) throw new AppError("FORBIDDEN", message, options);
}

/**
 * The superadmin acting for the platform: signed in on the apex, where they belong to no organization.
 * Their reports and audit log span every organization, their settings and mail server are the platform's.
 * (The superadmin on an organization's address acts inside that organization, as its administrators do;
 * what they may do in any organization is the permission organizations:manage:all.)
 */
export function actsForPlatform(ctx: Pick<TenantContext, "role" | "organizationId">): boolean {
  return ctx.organizationId === null && can(ctx.role, "organizations:manage:all");
}
