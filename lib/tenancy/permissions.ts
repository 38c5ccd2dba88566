import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/routes";
import type { TenantContext } from "@/lib/tenancy/context";

// Roles → permissions, in one table (docs/permissions.md is the readable matrix). lib/server calls
// requirePermission, so a page, a route handler or a job cannot skip the check.

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
  "groups:manage",
  "events:manage",
  "users:manage",
  "categories:manage",
  "organization:read:overview",
  "settings:read:teaching",
  "audit:read",
  "organization:update:own",
  "settings:manage",
  "import-export:use",
  "organizations:manage:all",
  "subdomains:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const LEARNER: Permission[] = [
  "profile:read:own",
  "profile:update:own",
  "messages:use",
  "calendar:read",
  "courses:read:published",
  "courses:enroll:self",
];
// settings:read:teaching: the read-only view of the settings that concern teaching (course defaults,
// password policy) that instructors and org admins find under /admin/settings; settings:manage edits all.
const INSTRUCTOR: Permission[] = [
  ...LEARNER,
  "courses:create",
  "courses:update:own",
  "enrollments:manage",
  "reports:read",
  "groups:manage",
  "events:manage",
  "settings:read:teaching",
];
const ORG_ADMIN: Permission[] = [
  ...INSTRUCTOR,
  "courses:update:any",
  "users:manage",
  "categories:manage",
  "organization:read:overview",
  "audit:read",
];
const ADMIN: Permission[] = [...ORG_ADMIN, "organization:update:own", "settings:manage", "import-export:use"];

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  learner: new Set(LEARNER),
  instructor: new Set(INSTRUCTOR),
  org_admin: new Set(ORG_ADMIN),
  admin: new Set(ADMIN),
  superadmin: new Set(PERMISSIONS),
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export function requirePermission(ctx: Pick<TenantContext, "role">, permission: Permission): void {
  if (!can(ctx.role, permission)) throw new AppError("FORBIDDEN", "You do not have permission to do this");
}
