import "server-only";
import { queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { packageRules, type PackageRules } from "@/lib/scorm/rollup";
import type { ScormManifest } from "@/lib/scorm/types";
import { packageManifestSql } from "@/lib/server/scorm/commit-sql";

// A package's tracking rules (mastery scores, completion thresholds, rollup) for the commits. Packages
// never change once stored (a re-upload is a new row), so the rules are kept by package id for the
// process's life: reading the manifest for every commit would cost more than the commit's own write.

const LIMIT = 500;
const rulesByPackage = new Map<string, PackageRules>();

export async function packageRulesOf(organizationId: string, packageId: string): Promise<PackageRules> {
  const cached = rulesByPackage.get(packageId);
  if (cached) return cached;
  const [row] = await queryRows<{ manifest: ScormManifest }>(packageManifestSql(packageId, organizationId));
  if (!row) throw new AppError("NOT_FOUND", "SCORM package not found");
  const rules = packageRules(row.manifest);
  // The oldest goes first: enough for the packages in play, bounded for a long-running process.
  if (rulesByPackage.size >= LIMIT) rulesByPackage.delete(rulesByPackage.keys().next().value!);
  rulesByPackage.set(packageId, rules);
  return rules;
}
