import { z } from "zod";
import { emailSchema } from "@/lib/schemas/auth";
import { parseIpAddress } from "@/lib/net/ip-address";
import { isHostName } from "@/lib/schemas/host-name";

// An organization's own mail server (and the platform's, the superadmin's). Without one (or while it is
// off), mail goes out through the deployment's SMTP_URL.

export const SMTP_SECURITY = ["starttls", "tls", "none"] as const;

const smtpFields = {
  enabled: z.boolean({ error: "Choose whether to use this mail server" }),
  host: z
    .string({ error: "Host is required" })
    .trim()
    .toLowerCase()
    .max(253, "Host must be at most 253 characters")
    .refine(
      (h) => h === "" || isHostName(h) || parseIpAddress(h) !== null,
      "Enter a host name such as smtp.example.com, or an IP address",
    ),
  port: z
    .number({ error: "Port must be a number" })
    .int("Port must be a whole number")
    .min(1, "Port must be between 1 and 65535")
    .max(65535, "Port must be between 1 and 65535"),
  /** starttls: plain connection upgraded to TLS (port 587); tls: TLS from the start (465); none: no encryption. */
  security: z.enum(SMTP_SECURITY, { error: "Security must be starttls, tls or none" }),
  username: z.string({ error: "Username must be text" }).trim().max(200, "Username must be at most 200 characters"),
  fromAddress: z.union([z.literal(""), emailSchema]),
  fromName: z
    .string({ error: "Sender name must be text" })
    .trim()
    .max(100, "Sender name must be at most 100 characters"),
};

/**
 * PUT /api/admin/settings/smtp. `password` omitted keeps the stored one; "" removes it. The password is
 * stored encrypted and never sent back (`hasPassword` says whether there is one).
 */
export const smtpSettingsSchema = z
  .object({
    ...smtpFields,
    password: z
      .string({ error: "Password must be text" })
      .max(500, "Password must be at most 500 characters")
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (!v.host)
      ctx.addIssue({ code: "custom", path: ["host"], message: "Host is required to send mail through this server" });
    if (!v.fromAddress)
      ctx.addIssue({
        code: "custom",
        path: ["fromAddress"],
        message: "Sender address is required to send mail through this server",
      });
  });
export type SmtpSettingsInput = z.infer<typeof smtpSettingsSchema>;

export const SMTP_DEFAULTS: Omit<SmtpSettingsInput, "password"> = {
  enabled: false,
  host: "",
  port: 587,
  security: "starttls",
  username: "",
  fromAddress: "",
  fromName: "",
};

/** What the API shows of the stored settings: never the password. */
export const smtpSettingsViewSchema = z
  .object({
    enabled: z.boolean(),
    host: z.string(),
    port: z.number().int(),
    security: z.enum(SMTP_SECURITY),
    username: z.string(),
    fromAddress: z.string(),
    fromName: z.string(),
    hasPassword: z.boolean().meta({ description: "The password itself is never sent back" }),
  })
  .meta({ id: "SmtpSettings" });
export type SmtpSettingsView = z.infer<typeof smtpSettingsViewSchema>;
