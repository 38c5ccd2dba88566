import { describe, expect, it } from "vitest";
import { EXPORT_KIND_INFO, EXPORT_KINDS } from "@/lib/schemas/exports";
import { exportStatement } from "@/lib/server/exports/sql";

// The columns the page and the API document list are the columns the files have.

describe("export statements", () => {
  it("each kind's file has the columns its description lists, in that order", () => {
    for (const kind of EXPORT_KINDS) {
      const { header, kinds } = exportStatement(kind, { organizationId: "00000000-0000-7000-8000-000000000001" });
      expect(header, kind).toEqual([...EXPORT_KIND_INFO[kind].columns]);
      expect(kinds).toHaveLength(header.length);
    }
  });

  it("an every-organization file starts each row with the organization", () => {
    const { header } = exportStatement("certificates", { organizationId: null });
    expect(header).toEqual(["organization", ...EXPORT_KIND_INFO.certificates.columns]);
  });

  it("the certificates file takes its status from revocation first, then expiry", () => {
    const { copy } = exportStatement("certificates", { organizationId: "00000000-0000-7000-8000-000000000001" });
    expect(copy.sql).toMatch(/CASE WHEN t\."revokedAt" IS NOT NULL THEN 'revoked'\s+WHEN t\."expiresAt" <= /);
  });
});
