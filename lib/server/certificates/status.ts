// What a certificate is worth now: revoked wins over expired, expired over valid.

export type CertificateStatus = "valid" | "expired" | "revoked";

export function certificateStatus(
  certificate: { revokedAt: Date | null; expiresAt: Date | null },
  now: Date = new Date(),
): CertificateStatus {
  if (certificate.revokedAt) return "revoked";
  if (certificate.expiresAt && certificate.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}
