import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DEFAULT_DESIGN, type CertificateDesign } from "@/lib/schemas/certificates";
import { createCertificateTemplate } from "@/lib/server/certificates/templates";
import { organizationPublicSelect } from "@/lib/server/selects";
import { signedInContext } from "@/lib/tenancy/context";
import { DEMO_CERTIFICATE_TEMPLATE } from "./demo-data";

// The demo organization's certificate template, made through the same service the template editor calls.
// The courses that issue it are set up with the demo courses (seed-courses.ts); the certificates
// themselves are issued by completing those courses, as any completion issues one. The signature name is
// printed by the certificate itself under the signature (no text block of its own, which would print it twice).

const DESIGN: CertificateDesign = {
  ...DEFAULT_DESIGN,
  signature_name: "Ada Admin, Head of Learning",
  text_blocks: [
    ...DEFAULT_DESIGN.text_blocks,
    { text: "Valid until {expires_on}", x: 50, y: 71, size: 11, align: "center", color: "#555555" },
  ],
};

/** The template's id: the existing one of that name, or a new one made by the organization's admin. */
export async function seedDemoCertificateTemplate(
  db: PrismaClient,
  organizationId: string,
  adminId: string,
): Promise<string> {
  const existing = await db.certificateTemplate.findFirst({
    where: { organizationId, name: DEMO_CERTIFICATE_TEMPLATE },
    select: { id: true },
  });
  if (existing) return existing.id;
  const organization = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: organizationPublicSelect,
  });
  const ctx = signedInContext(organization, { id: adminId, role: "admin" });
  return (await createCertificateTemplate(ctx, { name: DEMO_CERTIFICATE_TEMPLATE, design: DESIGN })).id;
}
