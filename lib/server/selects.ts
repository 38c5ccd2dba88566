import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// Named selects: what may leave the server. A new column (a hash, a token) never reaches a client by
// accident because nothing selects it by default.

export const organizationPublicSelect = {
  id: true,
  name: true,
  subdomain: true,
  status: true,
  branding: true,
  settings: true,
  createdAt: true,
} satisfies Prisma.OrganizationSelect;
export type OrganizationPublic = Prisma.OrganizationGetPayload<{ select: typeof organizationPublicSelect }>;

export const userProfileSelect = {
  id: true,
  organizationId: true,
  role: true,
  firstName: true,
  lastName: true,
  username: true,
  email: true,
  avatarUrl: true,
  status: true,
  lastLoginAt: true,
  createdAt: true,
} satisfies Prisma.UserSelect;
export type UserProfile = Prisma.UserGetPayload<{ select: typeof userProfileSelect }>;

/** The caller's own profile: the user plus the preferences only they see. */
export const ownProfileSelect = {
  ...userProfileSelect,
  themeMode: true,
  emailOnMessage: true,
  pendingEmail: true,
} satisfies Prisma.UserSelect;
export type OwnProfile = Prisma.UserGetPayload<{ select: typeof ownProfileSelect }>;
