import { z } from "zod";
import { organizationNameSchema } from "@/lib/schemas/organization-settings";
import { subdomainSchema } from "@/lib/schemas/subdomain";

// One schema per input, shared by the forms and the route handlers.

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address").max(254, "Email must be at most 254 characters"));

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(200, "Password must be at most 200 characters");

export const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "Username must be at least 3 characters")
  .max(50, "Username must be at most 50 characters")
  .regex(/^[a-z0-9._-]+$/, "Username may contain only letters, digits, dots, hyphens and underscores");

export const loginSchema = z.object({
  email: emailSchema,
  // Sign-in never reveals password rules; it only needs a value.
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  first_name: nameSchema("First name"),
  last_name: nameSchema("Last name"),
  email: emailSchema,
  password: passwordSchema,
  username: usernameSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const registerOrganizationSchema = z.object({
  organization: z.object(
    {
      name: organizationNameSchema,
      subdomain: subdomainSchema,
    },
    { error: "organization is required" },
  ),
  admin: z.object(
    {
      first_name: nameSchema("First name"),
      last_name: nameSchema("Last name"),
      email: emailSchema,
      password: passwordSchema,
    },
    { error: "admin is required" },
  ),
});
export type RegisterOrganizationInput = z.infer<typeof registerOrganizationSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const THEME_MODES = ["light", "dark"] as const;
export type ThemeModeChoice = (typeof THEME_MODES)[number];

/** The profile's name section: all three are sent together. */
export const profileDetailsSchema = z.object({
  first_name: nameSchema("First name"),
  last_name: nameSchema("Last name"),
  username: usernameSchema,
});
export type ProfileDetailsInput = z.infer<typeof profileDetailsSchema>;

const currentPasswordSchema = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(200);

/**
 * Profile fields a user may change on themselves; all optional. Each section of /profile sends its own
 * fields. A new password needs the current one, and ends the user's other sessions.
 */
export const updateProfileSchema = z
  .object({
    ...profileDetailsSchema.partial().shape,
    current_password: currentPasswordSchema.optional(),
    new_password: passwordSchema.optional(),
    remove_avatar: z.boolean().optional(),
    theme_mode: z.enum(THEME_MODES, { error: "theme_mode must be light or dark" }).optional(),
    email_on_message: z.boolean({ error: "email_on_message must be true or false" }).optional(),
  })
  .refine((v) => !v.new_password || v.current_password, {
    message: "Current password is required to set a new one",
    path: ["current_password"],
  });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The profile's password section: the new password typed twice (the second never leaves the browser). */
export const changePasswordFormSchema = z
  .object({ current_password: currentPasswordSchema, new_password: passwordSchema, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    message: "The passwords do not match",
    path: ["confirm_password"],
  });

/** POST /auth/profile/email: a link goes to the new address; the change happens when it is opened. */
export const changeEmailSchema = z.object({ email: emailSchema, current_password: currentPasswordSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
