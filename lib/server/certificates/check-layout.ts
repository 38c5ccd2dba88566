import "server-only";
import { clashMessage } from "@/lib/certificates/layout";
import { SAMPLE_VALUES } from "@/lib/certificates/fields";
import { AppError } from "@/lib/errors";
import type { CertificateDesign } from "@/lib/schemas/certificates";
import { certificateClashes } from "@/lib/server/certificates/pdf/render";
import { verificationPageUrl } from "@/lib/server/certificates/queries";
import { tenantOrganization, type TenantContext } from "@/lib/tenancy/context";

/**
 * A template whose parts overlap is refused when saved, with the parts named: measured as the PDF draws
 * them, filled with the preview's sample values and the organization's own verification address.
 */
export function assertLayoutFits(ctx: TenantContext, design: CertificateDesign): void {
  const values = { ...SAMPLE_VALUES, signature_name: design.signature_name };
  const clashes = certificateClashes(design, values, verificationPageUrl(tenantOrganization(ctx).subdomain));
  if (clashes.length > 0)
    throw new AppError("VALIDATION_FAILED", clashMessage(clashes), {
      fieldErrors: { design: [clashMessage(clashes)] },
    });
}
