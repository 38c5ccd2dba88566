// npm run audit: what `npm audit --omit=dev --json` said, decided against the allow-list. Pure, so the
// rules are unit-tested without the registry.

export interface AllowedAdvisory {
  /** The advisory's GHSA id (its URL ends with it). */
  id: string;
  /** Why it is accepted: how the affected code is (not) reached here. */
  reason: string;
}

interface Via {
  source?: number;
  url?: string;
  title?: string;
  severity?: string;
}

interface AuditJson {
  message?: string;
  error?: { code?: string; summary?: string };
  vulnerabilities?: Record<string, { severity: string; via: (Via | string)[] }>;
}

export type AuditVerdict =
  | { kind: "unavailable"; line: string }
  | { kind: "passed"; line: string }
  | { kind: "failed"; line: string; advisories: string[] };

const BLOCKING = new Set(["high", "critical"]);

const advisoryId = (via: Via) => via.url?.split("/").pop() ?? String(via.source ?? via.title ?? "unknown");

export function decideAudit(stdout: string, allowList: AllowedAdvisory[]): AuditVerdict {
  let report: AuditJson;
  try {
    report = JSON.parse(stdout) as AuditJson;
  } catch {
    return { kind: "unavailable", line: "npm audit gave no report (no JSON on its output); nothing was checked." };
  }
  const failure = report.message ?? report.error?.summary ?? "";
  if (!report.vulnerabilities) {
    return {
      kind: "unavailable",
      line: `npm audit: the registry did not answer the audit request (${failure.split("\n")[0] || "no report"}); nothing was checked.`,
    };
  }
  const allowed = new Set(allowList.map((a) => a.id));
  const blocking: string[] = [];
  let accepted = 0;
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
    for (const via of vulnerability.via) {
      if (typeof via === "string") continue; // a dependency path; the advisory is listed under that package
      if (!BLOCKING.has(via.severity ?? vulnerability.severity)) continue;
      const id = advisoryId(via);
      if (allowed.has(id)) accepted += 1;
      else blocking.push(`${name}: ${id} (${via.severity ?? vulnerability.severity}) ${via.title ?? ""}`.trim());
    }
  }
  if (blocking.length)
    return {
      kind: "failed",
      line: `npm audit: ${blocking.length} high or critical advisories in production dependencies.`,
      advisories: blocking,
    };
  return {
    kind: "passed",
    line: `npm audit: no high or critical advisories in production dependencies${accepted ? ` (${accepted} accepted in audit-allowlist.json)` : ""}.`,
  };
}
