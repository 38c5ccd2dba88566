// The roles, and roles → permissions in one table (docs/permissions.md is the readable matrix): which
// actions a role may take (lib/tenancy/permissions.ts refuses the others) and which pages it may open (each
// route of lib/routes.ts names the permission that opens it). Pure data with no imports: the route table
// reads it in every runtime, the browser's included.

export const ROLES = ["learner", "instructor", "admin", "org_admin", "superadmin"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

const PERMISSIONS = [
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
  "admin-area:enter",
  "certificates:read:own",
  "certificates:manage",
  "certificates:revoke",
  "api-keys:manage",
  "questions:manage",
  "questions:manage:any",
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
// admin-area:enter: the staff pages of /admin that no narrower permission opens (the index, and the
// import and export pages, which the others read as a read-only notice).
// settings:read:teaching: the read-only view of the settings that concern teaching (course defaults,
// password policy) that instructors and org admins find under /admin/settings; settings:manage edits all.
// messages:write:any: a conversation with anyone of the organization and any of its groups (a learner
// writes only to their teachers and their groups' members).
const INSTRUCTOR: Permission[] = [
  ...LEARNER,
  "admin-area:enter",
  "courses:create",
  "courses:update:own",
  "enrollments:manage",
  "reports:read",
  "groups:manage",
  "events:manage",
  "messages:write:any",
  "settings:read:teaching",
  "certificates:manage",
  "questions:manage",
];
// The ":any" permissions: the whole organization, where an instructor has what they teach or manage
// (every course, group, event and question bank, every report figure).
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
  "questions:manage:any",
];
// users:manage:admins: create an administrator, make someone one, change an administrator's account.
// api-keys:manage: the organization's API keys (System Settings → API keys).
const ADMIN: Permission[] = [
  ...ORG_ADMIN,
  "users:manage:admins",
  "organization:update:own",
  "settings:manage",
  "import-export:use",
  "api-keys:manage",
];

const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  learner: new Set(LEARNER),
  instructor: new Set(INSTRUCTOR),
  org_admin: new Set(ORG_ADMIN),
  admin: new Set(ADMIN),
  superadmin: new Set(PERMISSIONS),
};

/** Every permission there is, in the table's order (an API key's scopes are chosen among them). */
export const ALL_PERMISSIONS: readonly Permission[] = PERMISSIONS;

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Who holds permissions: a role, or a caller's context. A caller acting through an API key holds what
 * both its role (the key's creator's, read on every request) and the key's scopes hold.
 */
export type Holder = Role | { role: Role; apiKey?: { scopes: ReadonlySet<Permission> } | null };

/** Whether `who` holds `permission`: for choosing a scope. To refuse, call requirePermission. */
export function can(who: Holder, permission: Permission): boolean {
  const role = typeof who === "string" ? who : who.role;
  const apiKey = typeof who === "string" ? null : who.apiKey;
  return ROLE_PERMISSIONS[role].has(permission) && (!apiKey || apiKey.scopes.has(permission));
}

/** The roles that hold `permission`, in the order of ROLES (a page's audience, the staff roles…). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => can(role, permission));
}
