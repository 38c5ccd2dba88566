import { readFileSync } from "node:fs";

// npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top]: where the app's CPU time goes under
// load, by package and by function (self time), from a `npm run bench -- --profile` run.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("Usage: npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const top = Number(topArg ?? 25);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

/** node_modules/<package>, the Next.js build, node internals, or the app's own files. */
function owner(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.includes("/.next/")) return ".next (app bundle)";
  if (url.startsWith("node:")) return "node internals";
  return url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
}

const packages = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  const pkg = owner(url, functionName);
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  const fn = `${functionName || "(anonymous)"}  ${pkg}${url ? `:${lineNumber + 1}` : ""}`;
  functions.set(fn, (functions.get(fn) ?? 0) + micros);
}

// Node internals and native code are charged to the nearest caller that belongs to a package or to the
// app, which says who asked for the work (a socket write by pg, a promise hook by Next, …).
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const GENERIC = new Set(["node internals", "(native)", "(program)"]);
const attributed = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  let current: number | undefined = id;
  let who = "";
  while (current !== undefined) {
    const { url, functionName } = byId.get(current)!.callFrame;
    who = owner(url, functionName);
    if (!GENERIC.has(who) && who !== "(root)") break;
    current = parent.get(current);
  }
  attributed.set(who, (attributed.get(who) ?? 0) + micros);
}

const share = (micros: number) =>
  `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms`;
console.log(`Total sampled: ${(total / 1000).toFixed(0)} ms\n\nSelf time by package:`);
for (const [pkg, micros] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${share(micros)}  ${pkg}`);
console.log("\nSelf time with node internals charged to their caller's package:");
for (const [pkg, micros] of [...attributed].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${share(micros)}  ${pkg}`);
console.log("\nSelf time by function:");
for (const [fn, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${share(micros)}  ${fn}`);
