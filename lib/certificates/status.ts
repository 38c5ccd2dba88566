// What a certificate is worth now: revoked wins over expired, expired over valid. The API answers these
// three; "expiring" is how a valid one close to its end is shown to people (certificateState), so that a
// certificate about to lapse never reads as a plain green "Valid".

export type CertificateStatus = "valid" | "expired" | "revoked";

/**
 * How close an expiry must be for a valid certificate to be shown as expiring: the same window as the
 * certificates report's first "Expiring within" count, so the report's figure and its rows agree.
 */
export const EXPIRING_WITHIN_DAYS = 30;

const DAY_MS = 86_400_000;

export function certificateStatus(
  certificate: { revokedAt: Date | null; expiresAt: Date | null },
  now: Date = new Date(),
): CertificateStatus {
  if (certificate.revokedAt) return "revoked";
  if (certificate.expiresAt && certificate.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

export type CertificateState = CertificateStatus | "expiring";

/** The status as shown: a valid certificate that ends within EXPIRING_WITHIN_DAYS is "expiring". */
export function certificateState(
  status: CertificateStatus,
  expiresAt: string | Date | null,
  now: Date = new Date(),
): CertificateState {
  if (status !== "valid" || expiresAt === null) return status;
  return daysLeft(expiresAt, now) <= EXPIRING_WITHIN_DAYS ? "expiring" : "valid";
}

/** Whole days until the expiry, rounded up: a certificate ending this afternoon has 1 day left. */
export function daysLeft(expiresAt: string | Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / DAY_MS));
}

/** The status in words, the same everywhere a certificate's status is shown (colour only accompanies it). */
export const STATE_LABEL: Record<CertificateState, string> = {
  valid: "Valid",
  expiring: "Expiring",
  expired: "Expired",
  revoked: "Revoked",
};

/** The state with what it means for this certificate: "Expiring in 15 days", "Valid", "Revoked". */
export function stateText(state: CertificateState, expiresAt: string | Date | null, now: Date = new Date()): string {
  if (state !== "expiring" || expiresAt === null) return STATE_LABEL[state];
  const days = daysLeft(expiresAt, now);
  return days <= 1 ? "Expiring within a day" : `Expiring in ${days} days`;
}
