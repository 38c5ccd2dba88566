import { z } from "zod";
import { checkBrandColor, HEX_COLOR } from "@/lib/color-contrast";
import { emailSchema } from "@/lib/schemas/auth";
import { organizationNameSchema, SELF_REGISTRATION_ROLES } from "@/lib/schemas/organization-settings";
import { paginationQuerySchema } from "@/lib/schemas/pagination";
import { subdomainSchema } from "@/lib/schemas/subdomain";

// /api/admin/organizations: an administrator edits their own organization; the superadmin lists,
// creates, edits, suspends and reactivates every organization and changes subdomains.

/** A primary colour: #RRGGBB that white text can be read on (WCAG AA, lib/color-contrast.ts). */
export const brandColorSchema = z
  .string({ error: "Colour must be text like #0A66C2" })
  .trim()
  .regex(HEX_COLOR, "Use a colour like #0A66C2")
  .transform((c) => c.toUpperCase())
  .superRefine((color, ctx) => {
    const check = checkBrandColor(color);
    if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
  });

/** PATCH /api/admin/organizations/{organizationId}. */
export const updateOrganizationSchema = z
  .object({
    name: organizationNameSchema,
    /** null: back to the product's colour, #0A66C2. */
    primary_color: brandColorSchema.nullable(),
    allow_self_registration: z.boolean({ error: "Self-registration must be on or off" }),
    self_registration_role: z.enum(SELF_REGISTRATION_ROLES, {
      error: "Self-registration grants learner or instructor",
    }),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationSchema>;

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** POST /api/admin/organizations: a tenant and its first org_admin, who is invited to set a password. */
export const createOrganizationSchema = z.object({
  name: organizationNameSchema,
  subdomain: subdomainSchema,
  admin: z.object(
    { first_name: personName("First name"), last_name: personName("Last name"), email: emailSchema },
    { error: "admin is required: the organization's first administrator" },
  ),
});
export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;

export const ORGANIZATION_STATUSES = ["active", "suspended"] as const;

/** PUT /api/admin/organizations/{organizationId}/status. */
export const organizationStatusSchema = z.object({
  status: z.enum(ORGANIZATION_STATUSES, { error: "Status must be active or suspended" }),
});
export type OrganizationStatusInput = z.infer<typeof organizationStatusSchema>;

/** PUT /api/admin/organizations/{organizationId}/subdomain. */
export const changeSubdomainSchema = z.object({ subdomain: subdomainSchema });
export type ChangeSubdomainInput = z.infer<typeof changeSubdomainSchema>;

/** GET /api/admin/organizations: `q` searches name and subdomain. */
export const listOrganizationsQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, "The search text must be at most 200 characters").optional(),
  status: z.enum(ORGANIZATION_STATUSES, { error: "Status must be active or suspended" }).optional(),
});
export type ListOrganizationsQuery = z.infer<typeof listOrganizationsQuerySchema>;
