import { longDay } from "@/lib/format-dates";
import { CERTIFICATE_FIELDS, type CertificateField } from "@/lib/schemas/certificates";

// The values a certificate's text blocks name as {field}, as text. An unknown {name} stays as written.

export type CertificateValues = Record<CertificateField, string>;

const FIELD_PATTERN = /\{([a-z_]+)\}/g;

export function fillFields(text: string, values: CertificateValues): string {
  return text.replace(FIELD_PATTERN, (whole, name: string) =>
    (CERTIFICATE_FIELDS as readonly string[]).includes(name) ? values[name as CertificateField] : whole,
  );
}

/** A day as the certificate prints it: 27 November 2026 (in UTC, the day it was recorded). */
export function certificateDate(date: Date | null): string {
  if (!date) return "";
  return longDay(date);
}

/**
 * Values of a plausible certificate: the editor's preview shows them, and the template check measures a
 * design filled with them. The names are long on purpose, so a layout that fits them fits most.
 */
export const SAMPLE_VALUES: CertificateValues = {
  learner_name: "Zoë O'Brien-Łukasz",
  course_title: "Workplace Safety",
  completed_on: "27 November 2026",
  expires_on: "27 November 2027",
  score: "92%",
  certificate_code: "7K3M9QX2D4HV6TNB8RPW5Y1Z",
  organization_name: "Your organization",
  signature_name: "",
};
