import { z } from "zod";
import { HEX_COLOR } from "@/lib/color-contrast";
import { MAX_MIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/password-policy";

// An organization's stored documents: Organization.settings and Organization.branding (JSON columns).
// The same shapes are the API's `organization.settings` and `organization.branding`, and the platform's
// defaults (a Setting row without organization) use the settings shape too. The organization's name
// is here as well: the sign-up and the organizations API both read it.

export const SELF_REGISTRATION_ROLES = ["learner", "instructor"] as const;
export const PASSWORD_STRENGTH_LEVELS = [0, 1, 2, 3, 4] as const;
/** Hours; tokens never outlive SESSION_MAX_AGE_SECONDS (lib/env.ts), whatever this says. */
export const MAX_SESSION_LIFETIME_HOURS = 720;
export const DEFAULT_SESSION_LIFETIME_HOURS = 168;

export const passwordPolicySchema = z.object({
  minLength: z
    .number({ error: "Minimum length must be a number" })
    .int("Minimum length must be a whole number")
    .min(MIN_PASSWORD_LENGTH, `Minimum length must be at least ${MIN_PASSWORD_LENGTH}`)
    .max(MAX_MIN_PASSWORD_LENGTH, `Minimum length must be at most ${MAX_MIN_PASSWORD_LENGTH}`)
    .default(MIN_PASSWORD_LENGTH),
  /** zxcvbn's score, 0 (too guessable) to 4 (very unguessable). */
  minStrength: z
    .number({ error: "Minimum strength must be a number" })
    .int("Minimum strength must be 0, 1, 2, 3 or 4")
    .min(0, "Minimum strength must be 0, 1, 2, 3 or 4")
    .max(4, "Minimum strength must be 0, 1, 2, 3 or 4")
    .default(2),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const courseDefaultsSchema = z.object({
  allowSelfEnrollment: z.boolean({ error: "Self-enrollment must be on or off" }).default(true),
  allowRetakes: z.boolean({ error: "Retakes must be on or off" }).default(false),
});
export type CourseDefaults = z.infer<typeof courseDefaultsSchema>;

export const maintenanceNoticeSchema = z
  .object({
    enabled: z.boolean({ error: "The notice must be on or off" }).default(false),
    message: z
      .string({ error: "The message must be text" })
      .trim()
      .max(500, "The message must be at most 500 characters")
      .default(""),
  })
  .refine((n) => !n.enabled || n.message.length > 0, {
    message: "Write the notice people should see",
    path: ["message"],
  });
export type MaintenanceNotice = z.infer<typeof maintenanceNoticeSchema>;

/** Organization.settings (and the platform's defaults). Defaults apply to keys an older row does not have. */
export const organizationSettingsSchema = z.object({
  allowSelfRegistration: z.boolean({ error: "Self-registration must be on or off" }).default(true),
  selfRegistrationRole: z
    .enum(SELF_REGISTRATION_ROLES, { error: "Self-registration grants learner or instructor" })
    .default("learner"),
  passwordPolicy: passwordPolicySchema.default(() => passwordPolicySchema.parse({})),
  sessionLifetimeHours: z
    .number({ error: "Session lifetime must be a number of hours" })
    .int("Session lifetime must be a whole number of hours")
    .min(1, "Session lifetime must be at least 1 hour")
    .max(MAX_SESSION_LIFETIME_HOURS, `Session lifetime must be at most ${MAX_SESSION_LIFETIME_HOURS} hours (30 days)`)
    .default(DEFAULT_SESSION_LIFETIME_HOURS),
  courseDefaults: courseDefaultsSchema.default(() => courseDefaultsSchema.parse({})),
  maintenance: maintenanceNoticeSchema.default(() => ({ enabled: false, message: "" })),
  /** SCORM attempts, lesson and course completions and certificates become statements in the LRS (docs/xapi.md). */
  xapiTracking: z.boolean({ error: "Recording learning activity as xAPI statements must be on or off" }).default(true),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** Every setting, each required: the settings page's sections pick theirs from it. */
export const settingsFieldsSchema = z.object({
  allowSelfRegistration: organizationSettingsSchema.shape.allowSelfRegistration.unwrap(),
  selfRegistrationRole: organizationSettingsSchema.shape.selfRegistrationRole.unwrap(),
  passwordPolicy: passwordPolicySchema,
  sessionLifetimeHours: organizationSettingsSchema.shape.sessionLifetimeHours.unwrap(),
  courseDefaults: courseDefaultsSchema,
  maintenance: maintenanceNoticeSchema,
  xapiTracking: organizationSettingsSchema.shape.xapiTracking.unwrap(),
});

/** A change of settings: any section, each whole (a section is one form). */
export const updateSettingsSchema = settingsFieldsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one setting to change");
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

/** The settings an instructor (or org admin) may read: those that concern teaching. */
export type TeachingSettings = Pick<OrganizationSettings, "courseDefaults" | "passwordPolicy">;

/** Organization.branding. The logo is uploaded (PUT …/logo); the colour is checked for contrast. */
export const organizationBrandingSchema = z.object({
  logoUrl: z.string().max(500).optional(),
  primaryColor: z.string().regex(HEX_COLOR, "Use a colour like #0A66C2").optional(),
});
export type OrganizationBranding = z.infer<typeof organizationBrandingSchema>;

export const organizationNameSchema = z
  .string({ error: "Organization name is required" })
  .trim()
  .min(2, "Organization name must be at least 2 characters")
  .max(120, "Organization name must be at most 120 characters");

export function readOrganizationSettings(value: unknown): OrganizationSettings {
  const parsed = organizationSettingsSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  // A document an older version wrote, or one edited by hand: keep each section that still parses.
  const raw = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const kept = Object.fromEntries(
    Object.entries(organizationSettingsSchema.shape).flatMap(([key, schema]) => {
      const section = schema.safeParse(raw[key]);
      return section.success ? [[key, section.data]] : [];
    }),
  );
  return organizationSettingsSchema.parse(kept);
}

/**
 * The session lifetime in seconds, read without parsing the whole document: every signed-in request
 * asks (lib/auth/caller.ts).
 */
export function sessionLifetimeSeconds(settings: unknown): number {
  const hours = (settings as { sessionLifetimeHours?: unknown } | null)?.sessionLifetimeHours;
  const valid =
    typeof hours === "number" && Number.isInteger(hours) && hours >= 1 && hours <= MAX_SESSION_LIFETIME_HOURS;
  return (valid ? hours : DEFAULT_SESSION_LIFETIME_HOURS) * 3600;
}

export function readOrganizationBranding(value: unknown): OrganizationBranding {
  const parsed = organizationBrandingSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}
