import "server-only";
import { readOrganizationBranding } from "@/lib/schemas/organization-settings";
import { certificateDate, type CertificateValues } from "@/lib/certificates/fields";
import { logger } from "@/lib/log/logger";
import { renderCertificatePdf } from "@/lib/server/certificates/pdf/render";
import {
  getCertificateRow,
  verificationPageUrl,
  verificationUrl,
  type CertificateRow,
} from "@/lib/server/certificates/queries";
import { readDesign } from "@/lib/server/certificates/templates";
import type { OrganizationPublic } from "@/lib/server/selects";
import { tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { keyFromUrl } from "@/lib/storage/keys";
import { readObject } from "@/lib/storage/store";

// A certificate's PDF, made when asked for from the values and design frozen at issue: the same bytes'
// worth of content every time, and nothing to keep in step with storage.

export async function certificatePdf(
  ctx: TenantContext,
  certificateId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await getCertificateRow(ctx, certificateId);
  const organization = tenantOrganization(ctx);
  const design = readDesign(row.design);
  const pdf = await renderCertificatePdf(design, certificateValues(row, design.signature_name), {
    verifyUrl: verificationUrl(organization.subdomain, row.code),
    verifyPageUrl: verificationPageUrl(organization.subdomain),
    logo: design.show_logo ? await organizationLogo(organization) : null,
    title: `${row.courseTitle}: ${row.learnerName}`,
    createdAt: row.issuedAt,
  });
  return { pdf, fileName: `certificate-${row.code}.pdf` };
}

export function certificateValues(row: CertificateRow, signatureName: string): CertificateValues {
  return {
    learner_name: row.learnerName,
    course_title: row.courseTitle,
    completed_on: certificateDate(row.completedAt),
    expires_on: certificateDate(row.expiresAt),
    score: row.score === null ? "" : `${row.score}%`,
    certificate_code: row.code,
    organization_name: row.organizationName,
    signature_name: signatureName,
  };
}

/** The organization's logo, or null: a logo that cannot be read leaves it off the certificate, not the certificate off. */
async function organizationLogo(organization: OrganizationPublic): Promise<Buffer | null> {
  const key = keyFromUrl(readOrganizationBranding(organization.branding).logoUrl);
  if (!key) return null;
  try {
    const stored = await readObject(key);
    return Buffer.from(await new Response(stored.stream()).arrayBuffer());
  } catch (error) {
    logger().warn(
      { key, err: error },
      "The organization's logo could not be read: the certificate is rendered without it",
    );
    return null;
  }
}
