import { ALL_PERMISSIONS, can, type Permission, type Role } from "@/lib/tenancy/role-permissions";

// What an API key may be given: the organization's own permissions, less those that only make sense for
// a person or that would let a key outgrow the one who made it. A key acts with its creator's id where a
// record needs a person, so a personal permission would let it read or write its creator's own things.

const NOT_FOR_KEYS: ReadonlySet<Permission> = new Set<Permission>([
  // A person's own things: profile, messages, calendar, enrolling themselves, their certificates.
  "profile:read:own",
  "profile:update:own",
  "messages:use",
  "messages:write:any",
  "calendar:read",
  "courses:enroll:self",
  "certificates:read:own",
  // Pages only: keys work on /api alone.
  "admin-area:enter",
  // The platform's, never an organization's key's.
  "organizations:manage:all",
  "subdomains:manage",
  // A key never makes keys.
  "api-keys:manage",
  // An import runs later as a job under its starter's role, out of reach of a key's scopes.
  "import-export:use",
]);

/** Every scope a key may hold, in the permission table's order. */
export const API_KEY_SCOPES: readonly Permission[] = ALL_PERMISSIONS.filter((p) => !NOT_FOR_KEYS.has(p));

export function isApiKeyScope(value: string): value is Permission {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** The scopes a person of `role` may give a key: never more than they hold themselves. */
export function grantableScopes(role: Role): Permission[] {
  return API_KEY_SCOPES.filter((scope) => can(role, scope));
}
