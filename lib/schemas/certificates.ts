import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";

/** The fields a text block may hold; each is replaced by the certificate's value when it is made. */
export const CERTIFICATE_FIELDS = [
  "learner_name",
  "course_title",
  "completed_on",
  "expires_on",
  "score",
  "certificate_code",
  "organization_name",
  "signature_name",
] as const;
export type CertificateField = (typeof CERTIFICATE_FIELDS)[number];

export const PAGE_SIZES = ["A4", "Letter"] as const;
export const ORIENTATIONS = ["landscape", "portrait"] as const;
export const TEXT_ALIGNS = ["left", "center", "right"] as const;

/** A PNG or JPEG as a data URL (the server re-encodes it before storing). About 1.5 MB of picture at most. */
export const imageDataUrlSchema = z
  .string()
  .max(2_000_000, "The image must be at most about 1.5 MB")
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, "The image must be a PNG or JPEG");

export const textBlockSchema = z.object({
  /** Text with fields such as {learner_name}. */
  text: z.string().trim().min(1, "A text block needs text").max(500, "A text block holds at most 500 characters"),
  /** Where the block's anchor sits, in percent of the page's width and height from the top left. */
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  size: z.number().int().min(6, "Text is at least 6 pt").max(96, "Text is at most 96 pt"),
  align: z.enum(TEXT_ALIGNS),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour such as #1a2b3c"),
});
export type TextBlock = z.infer<typeof textBlockSchema>;

export const certificateDesignSchema = z.object({
  page_size: z.enum(PAGE_SIZES, { error: "Page size must be A4 or Letter" }),
  orientation: z.enum(ORIENTATIONS, { error: "Orientation must be landscape or portrait" }),
  background_image: imageDataUrlSchema.nullable(),
  show_logo: z.boolean(),
  signature_image: imageDataUrlSchema.nullable(),
  signature_name: z.string().trim().max(200, "The signature name is at most 200 characters"),
  text_blocks: z.array(textBlockSchema).max(20, "A template holds at most 20 text blocks"),
  /** The QR code to the verification page, in the bottom right corner. */
  show_qr_code: z.boolean(),
});
export type CertificateDesign = z.infer<typeof certificateDesignSchema>;

export const templateNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

export const createCertificateTemplateSchema = z.object({
  name: templateNameSchema,
  design: certificateDesignSchema,
});
export type CreateCertificateTemplateInput = z.infer<typeof createCertificateTemplateSchema>;

export const updateCertificateTemplateSchema = createCertificateTemplateSchema.partial();
export type UpdateCertificateTemplateInput = z.infer<typeof updateCertificateTemplateSchema>;

/** A course's certificate: which template (null: none), validity, reminder and recertification. */
export const courseCertificateSchema = z.object({
  template_id: idSchema.nullable(),
  /** Months an issued certificate stays valid; null: it does not expire. */
  validity_months: z.number().int().min(1, "At least one month").max(240, "At most 240 months").nullable(),
  reminder_days: z.number().int().min(1, "At least one day").max(365, "At most 365 days"),
  recertify_automatically: z.boolean(),
});
export type CourseCertificateInput = z.infer<typeof courseCertificateSchema>;

export const revokeCertificateSchema = z.object({
  reason: z.string().trim().min(1, "Give a reason").max(500, "The reason is at most 500 characters"),
});
export type RevokeCertificateInput = z.infer<typeof revokeCertificateSchema>;

/** A new template's starting point: the usual certificate wording, centred. */
export const DEFAULT_DESIGN: CertificateDesign = {
  page_size: "A4",
  orientation: "landscape",
  background_image: null,
  show_logo: true,
  signature_image: null,
  signature_name: "",
  show_qr_code: true,
  text_blocks: [
    { text: "Certificate of Completion", x: 50, y: 22, size: 34, align: "center", color: "#1a237e" },
    { text: "This certifies that", x: 50, y: 36, size: 14, align: "center", color: "#333333" },
    { text: "{learner_name}", x: 50, y: 46, size: 30, align: "center", color: "#000000" },
    { text: "has completed {course_title}", x: 50, y: 58, size: 16, align: "center", color: "#333333" },
    {
      text: "Completed on {completed_on} · {organization_name}",
      x: 50,
      y: 66,
      size: 12,
      align: "center",
      color: "#555555",
    },
    { text: "Certificate {certificate_code}", x: 8, y: 92, size: 9, align: "left", color: "#777777" },
  ],
};
