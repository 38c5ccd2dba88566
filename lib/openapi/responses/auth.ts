import { z } from "zod";
import { OrganizationStatus, Role, UserStatus } from "@/lib/generated/prisma/enums";
import { id, timestamp } from "@/lib/openapi/responses/common";
import { organizationBrandingSchema, organizationSettingsSchema } from "@/lib/schemas/organization";

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

export const registerOrganizationResponseSchema = z.object({ token, admin: userSchema, organization: organizationSchema });

export const profileSchema = userSchema
  .extend({ organization: organizationSchema.nullable().meta({ description: "null on the apex" }) })
  .meta({ id: "Profile" });

export const profileUpdateResponseSchema = z.object({ user: userSchema });

export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
