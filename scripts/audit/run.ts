import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { decideAudit, type AllowedAdvisory } from "./decide";

// npm run audit: `npm audit --omit=dev`, failing on high or critical advisories not accepted in
// audit-allowlist.json. A registry without the audit endpoint (these offline machines answer 405) is
// said in one line and passes: nothing could be checked, which is not a finding.
const allowList = JSON.parse(readFileSync("audit-allowlist.json", "utf8")) as { accepted: AllowedAdvisory[] };
const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
const verdict = decideAudit(result.stdout ?? "", allowList.accepted);
console.log(verdict.line);
if (verdict.kind === "failed") {
  for (const advisory of verdict.advisories) console.log(`  ${advisory}`);
  process.exit(1);
}
