import { z } from "zod";
import { OrganizationStatus, Role, ThemeMode, UserStatus } from "@/lib/generated/prisma/enums";
import { id, timestamp } from "@/lib/openapi/responses/common";
import { organizationBrandingSchema, organizationSettingsSchema } from "@/lib/schemas/organization-settings";

// lib/server/serialize.ts (userJson, organizationJson) and the /auth handlers' answers.

export const userSchema = z
  .object({
    id,
    organization_id: id.nullable().meta({ description: "null for the platform superadmin" }),
    role: z.enum(Role),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    email: z.string(),
    avatar_url: z.string().nullable().meta({ description: "A /uploads/… path, or null" }),
    status: z.enum(UserStatus),
    last_login_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "User" });

export const organizationSchema = z
  .object({
    id,
    name: z.string(),
    subdomain: z.string(),
    status: z.enum(OrganizationStatus),
    branding: organizationBrandingSchema,
    settings: organizationSettingsSchema,
  })
  .meta({ id: "Organization" });

const token = z.string().meta({ description: "Send as `Authorization: Bearer <token>`; good on this host only." });

export const loginResponseSchema = z.object({
  token,
  user: userSchema,
  organization: organizationSchema.nullable().meta({ description: "null on the apex (the platform superadmin)" }),
  redirectPath: z.string().meta({ description: "Where the browser goes next", example: "/dashboard" }),
});

export const registerResponseSchema = z.object({ token, user: userSchema, organization: organizationSchema });

export const registerOrganizationResponseSchema = z.object({
  token,
  admin: userSchema,
  organization: organizationSchema,
});

/** lib/server/serialize.ts ownProfileJson: the user and the preferences only they see. */
export const ownProfileSchema = userSchema
  .extend({
    theme_mode: z
      .enum(ThemeMode)
      .nullable()
      .meta({ description: "Light or dark, as saved; null: never chosen (the browser's `mui-mode` decides)" }),
    email_on_message: z.boolean().meta({ description: "E-mail me about a message still unread after 15 minutes" }),
    pending_email: z.string().nullable().meta({ description: "A new address waiting for its confirmation link" }),
  })
  .meta({ id: "OwnProfile" });

export const profileSchema = ownProfileSchema
  .extend({ organization: organizationSchema.nullable().meta({ description: "null on the apex" }) })
  .meta({ id: "Profile" });

export const profileUpdateResponseSchema = z.object({
  user: ownProfileSchema,
  token: token.optional().meta({
    description:
      "After a password change, to a bearer caller: the renewed token (the old one and every other session have ended). A browser gets its session cookie renewed instead.",
  }),
});

export const ownProfileResponseSchema = z.object({ user: ownProfileSchema });

export const emailConfirmedSchema = z.object({ message: z.string(), email: z.email() });

export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
