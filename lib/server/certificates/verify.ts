import "server-only";
import { recordFailure, secondsUntilAllowed, type Bucket } from "@/lib/auth/rate-limit";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { CODE_PATTERN } from "@/lib/server/certificates/code";
import { certificateStatus, type CertificateStatus } from "@/lib/certificates/status";
import { tenantOrganization, type RequestContext } from "@/lib/tenancy/context";

// The public check of a certificate on its organization's host, for anyone holding the code: the learner's
// name, the course, the dates, the status and the organization, nothing else about the learner. Another
// organization's code is unknown here. Codes are unguessable; besides, an address that keeps asking for
// codes that do not exist is made to wait (only misses count, so an auditor checking many is not).

export interface VerifiedCertificate {
  learnerName: string;
  courseTitle: string;
  organizationName: string;
  completedAt: Date;
  expiresAt: Date | null;
  status: CertificateStatus;
  revokedAt: Date | null;
}

const MISSES_PER_WINDOW = 20;
const WINDOW_SECONDS = 600;

function missBucket(ip: string): Bucket {
  return { key: `certificate-verify:${ip}`, limit: MISSES_PER_WINDOW, windowSeconds: WINDOW_SECONDS };
}

export const VERIFY_NOT_FOUND = "No certificate with this code was issued here";

export async function verifyCertificate(ctx: RequestContext, code: string, ip: string): Promise<VerifiedCertificate> {
  const organization = tenantOrganization(ctx);
  const bucket = missBucket(ip);
  const wait = await secondsUntilAllowed([bucket]);
  if (wait > 0)
    throw new AppError(
      "RATE_LIMITED",
      `Too many unknown codes from your address: try again in ${Math.ceil(wait / 60)} minutes`,
    );
  const normalized = code.trim().toUpperCase();
  const row = CODE_PATTERN.test(normalized)
    ? await db().certificate.findFirst({
        where: { organizationId: organization.id, code: normalized },
        select: {
          learnerName: true,
          courseTitle: true,
          organizationName: true,
          completedAt: true,
          expiresAt: true,
          revokedAt: true,
        },
      })
    : null;
  if (!row) {
    await recordFailure([bucket]);
    throw new AppError("NOT_FOUND", VERIFY_NOT_FOUND);
  }
  return { ...row, status: certificateStatus(row) };
}
