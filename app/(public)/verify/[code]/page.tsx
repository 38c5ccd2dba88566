import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { CertificateVerification } from "@/components/certificates/certificate-verification";
import { guardPage } from "@/lib/auth/page-guard";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/http";
import { verifyCertificate, type VerifiedCertificate } from "@/lib/server/certificates/verify";

export const metadata = { title: "Certificate verification · Learning Management", robots: { index: false } };

/** Anyone holding a certificate's code checks it here, signed in or not, on the organization's host. */
export default async function VerifyCertificatePage({ params }: { params: Promise<{ code: string }> }) {
  const { ctx } = await guardPage("/verify/[code]");
  const { code } = await params;
  const answer = await verifyCertificate(ctx, code, clientIp(await headers())).then(
    (certificate): { certificate: VerifiedCertificate | null; refusal?: string } => ({ certificate }),
    (error: unknown) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
      if (error instanceof AppError && error.code === "RATE_LIMITED")
        return { certificate: null, refusal: error.message };
      throw error;
    },
  );
  return (
    <CertificateVerification
      code={code.trim().toUpperCase()}
      certificate={answer.certificate}
      refusal={answer.refusal}
    />
  );
}
