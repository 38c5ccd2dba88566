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
