import { describe, expect, it } from "vitest";
import { certificateState, certificateStatus, EXPIRING_WITHIN_DAYS, stateText } from "@/lib/certificates/status";

const NOW = new Date("2026-12-02T12:00:00Z");

describe("certificate status in words", () => {
  it("calls a valid certificate that ends within 30 days expiring, and says in how many days", () => {
    expect(EXPIRING_WITHIN_DAYS).toBe(30);
    const inFifteen = "2026-12-17T12:00:00Z";
    expect(certificateState("valid", inFifteen, NOW)).toBe("expiring");
    expect(stateText("expiring", inFifteen, NOW)).toBe("Expiring in 15 days");
    expect(stateText("expiring", "2026-12-02T18:00:00Z", NOW)).toBe("Expiring within a day");
  });

  it("keeps a certificate valid 31 days ahead or without an expiry, and never calls an expired or revoked one expiring", () => {
    expect(certificateState("valid", "2027-01-02T12:00:00Z", NOW)).toBe("valid");
    expect(certificateState("valid", "2027-01-01T12:00:00Z", NOW)).toBe("expiring");
    expect(certificateState("valid", null, NOW)).toBe("valid");
    expect(stateText("valid", null, NOW)).toBe("Valid");
    expect(certificateState("expired", "2026-11-30T12:00:00Z", NOW)).toBe("expired");
    expect(certificateState("revoked", "2026-12-10T12:00:00Z", NOW)).toBe("revoked");
    expect(stateText("revoked", "2026-12-10T12:00:00Z", NOW)).toBe("Revoked");
  });

  it("puts revoked before expired before valid", () => {
    const past = new Date("2026-11-01T00:00:00Z");
    expect(certificateStatus({ revokedAt: past, expiresAt: past }, NOW)).toBe("revoked");
    expect(certificateStatus({ revokedAt: null, expiresAt: past }, NOW)).toBe("expired");
    expect(certificateStatus({ revokedAt: null, expiresAt: null }, NOW)).toBe("valid");
  });
});
