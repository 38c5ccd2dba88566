import "server-only";
import { readOrganizationBranding, readOrganizationSettings } from "@/lib/schemas/organization-settings";
import type { OrganizationPublic, OwnProfile, UserProfile } from "@/lib/server/selects";

// The API speaks snake_case (the spec's calls: docs/specification.md "Calls"); the database and the code speak camelCase.

export function userJson(user: UserProfile) {
  return {
    id: user.id,
    organization_id: user.organizationId,
    role: user.role,
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    email: user.email,
    avatar_url: user.avatarUrl,
    status: user.status,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}
export type UserJson = ReturnType<typeof userJson>;

/** GET /auth/profile and PUT /auth/profile: the spec's user plus the caller's own preferences. */
export function ownProfileJson(profile: OwnProfile) {
  return {
    ...userJson(profile),
    /** null: never chosen (the browser's `mui-mode` decides). */
    theme_mode: profile.themeMode,
    email_on_message: profile.emailOnMessage,
    /** A new address waiting for its confirmation link. */
    pending_email: profile.pendingEmail,
  };
}
export type OwnProfileJson = ReturnType<typeof ownProfileJson>;

export function organizationJson(organization: OrganizationPublic | null) {
  if (!organization) return null;
  return {
    id: organization.id,
    name: organization.name,
    subdomain: organization.subdomain,
    status: organization.status,
    branding: readOrganizationBranding(organization.branding),
    settings: readOrganizationSettings(organization.settings),
  };
}
export type OrganizationJson = NonNullable<ReturnType<typeof organizationJson>>;
