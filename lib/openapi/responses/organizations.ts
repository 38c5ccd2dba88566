import { z } from "zod";
import { organizationSchema } from "@/lib/openapi/responses/auth";
import { count, id, pageOf, timestamp } from "@/lib/openapi/responses/common";
import {
  courseDefaultsSchema,
  organizationSettingsSchema,
  passwordPolicySchema,
} from "@/lib/schemas/organization-settings";

// app/api/admin/organizations/**, app/api/admin/settings/** and app/api/admin/audit-log/**.

export const organizationAdminSchema = organizationSchema
  .extend({ created_at: timestamp, user_count: count, course_count: count, enrollment_count: count })
  .meta({
    id: "OrganizationAdmin",
    description: "An organization with its head counts, as the organizations page shows it",
  });

export const createdOrganizationSchema = z
  .object({
    organization: organizationAdminSchema,
    admin: z.object({ id, email: z.string() }),
    invitation_sent: z.boolean().meta({
      description:
        "Whether the first org_admin's invitation e-mail went out (if not, send it again from the users page)",
    }),
  })
  .meta({ id: "CreatedOrganization" });

export const organizationAdminPageSchema = pageOf(organizationAdminSchema).meta({ id: "OrganizationAdminPage" });

export const settingsViewSchema = z
  .union([
    z.object({
      scope: z
        .enum(["organization", "platform"])
        .meta({ description: "platform: the superadmin's defaults for new organizations" }),
      editable: z.literal(true),
      settings: organizationSettingsSchema,
    }),
    z.object({
      scope: z.literal("organization"),
      editable: z.literal(false),
      settings: z.object({ courseDefaults: courseDefaultsSchema, passwordPolicy: passwordPolicySchema }),
    }),
  ])
  .meta({
    id: "SettingsView",
    description:
      "Administrators get every setting to edit; instructors and org admins read those that concern teaching",
  });

export { smtpSettingsViewSchema } from "@/lib/schemas/smtp";

const person = z
  .object({ id, name: z.string().nullable(), email: z.string().nullable() })
  .meta({ description: "Names are null for someone deleted since" });

export const auditEntrySchema = z
  .object({
    id,
    created_at: timestamp,
    organization: z
      .object({ id, name: z.string().nullable(), subdomain: z.string().nullable() })
      .nullable()
      .meta({ description: "null for platform entries" }),
    actor: person
      .nullable()
      .meta({ description: "null when nobody signed in acted (a failed sign-in of an unknown e-mail)" }),
    action: z.string().meta({ example: "auth.login" }),
    action_label: z.string().meta({ example: "Signed in" }),
    target_type: z.string().meta({ example: "user" }),
    target_id: z.string().nullable(),
    target_label: z.string().nullable().meta({ description: "The e-mail of a user the entry is about" }),
    ip: z.string().nullable(),
    details: z.json().meta({ description: "What changed, as the action recorded it" }),
  })
  .meta({ id: "AuditEntry" });

export const auditPageSchema = pageOf(auditEntrySchema).meta({ id: "AuditEntryPage" });
