import { z } from "zod";

/** Organization.settings. Defaults apply to keys an older row does not have. */
export const organizationSettingsSchema = z.object({
  allowSelfRegistration: z.boolean().default(true),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** Organization.branding. */
export const organizationBrandingSchema = z.object({
  logoUrl: z.string().max(500).optional(),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #0A66C2").optional(),
});
export type OrganizationBranding = z.infer<typeof organizationBrandingSchema>;

export function readOrganizationSettings(value: unknown): OrganizationSettings {
  const parsed = organizationSettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : organizationSettingsSchema.parse({});
}

export function readOrganizationBranding(value: unknown): OrganizationBranding {
  const parsed = organizationBrandingSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}
