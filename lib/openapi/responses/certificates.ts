import { z } from "zod";
import { count, id, timestamp } from "@/lib/openapi/responses/common";
import { certificateDesignSchema } from "@/lib/schemas/certificates";

// lib/server/certificates (templateJson, certificateJson, course-certificate settingsJson).

export const certificateTemplateSchema = z
  .object({
    id,
    name: z.string(),
    design: certificateDesignSchema,
    course_count: count,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "CertificateTemplate" });

export const certificateTemplateListSchema = z.object({ items: z.array(certificateTemplateSchema) });

export const courseCertificateSettingsSchema = z
  .object({
    template_id: id.nullable(),
    validity_months: z.number().int().nullable(),
    reminder_days: z.number().int(),
    recertify_automatically: z.boolean(),
  })
  .meta({ id: "CourseCertificateSettings" });

export const certificateSchema = z
  .object({
    id,
    course_id: id,
    user_id: id,
    code: z.string().meta({ description: "The verification code (24 characters of Crockford base32)" }),
    learner_name: z.string(),
    course_title: z.string(),
    organization_name: z.string(),
    completed_at: timestamp,
    expires_at: timestamp.nullable(),
    issued_at: timestamp,
    score: z.number().int().nullable(),
    status: z.enum(["valid", "expired", "revoked"]),
    revoked_reason: z.string().nullable(),
    verification_url: z.string(),
    pdf_url: z.string(),
  })
  .meta({ id: "Certificate" });

export const certificateListSchema = z.object({ items: z.array(certificateSchema) });
