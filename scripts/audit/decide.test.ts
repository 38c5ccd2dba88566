import { describe, expect, it } from "vitest";
import { decideAudit } from "./decide";

const report = (vulnerabilities: object) => JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: {} });
const advisory = (id: string, severity: string) => ({
  source: 1,
  name: "x",
  title: `${id} title`,
  url: `https://github.com/advisories/${id}`,
  severity,
});

describe("decideAudit", () => {
  it("a registry without the audit endpoint: one line, nothing checked, not a failure", () => {
    const verdict = decideAudit(
      JSON.stringify({
        message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      }),
      [],
    );
    expect(verdict).toEqual({
      kind: "unavailable",
      line: "npm audit: the registry did not answer the audit request (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk); nothing was checked.",
    });
  });

  it("passes with no advisories, and with only moderate or low ones", () => {
    expect(decideAudit(report({}), []).kind).toBe("passed");
    expect(
      decideAudit(report({ a: { severity: "moderate", via: [advisory("GHSA-aaaa", "moderate")] } }), []).kind,
    ).toBe("passed");
  });

  it("fails on a high or critical advisory, naming it", () => {
    const verdict = decideAudit(
      report({
        next: { severity: "critical", via: [advisory("GHSA-cccc", "critical")] },
        b: { severity: "high", via: ["next"] },
      }),
      [],
    );
    expect(verdict).toEqual({
      kind: "failed",
      line: "npm audit: 1 high or critical advisories in production dependencies.",
      advisories: ["next: GHSA-cccc (critical) GHSA-cccc title"],
    });
  });

  it("accepts an advisory on the allow-list", () => {
    const verdict = decideAudit(report({ next: { severity: "high", via: [advisory("GHSA-hhhh", "high")] } }), [
      { id: "GHSA-hhhh", reason: "not reached" },
    ]);
    expect(verdict).toEqual({
      kind: "passed",
      line: "npm audit: no high or critical advisories in production dependencies (1 accepted in audit-allowlist.json).",
    });
  });
});
