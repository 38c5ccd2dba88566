import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildScormRuntime, SCORM_RUNTIME_OUTPUT } from "./scorm-runtime-build";

const SOURCES = [
  "app",
  "components",
  "lib",
  "proxy.ts",
  "next.config.ts",
  "package-lock.json",
  "prisma/schema.prisma",
  "public",
];

/** The newest modification time in a file or folder (generated code and node_modules left out). */
export function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "generated" || child === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** True when there is no production build or a source file is newer than it. */
export function buildIsStale(): boolean {
  const buildId = path.resolve(".next/BUILD_ID");
  if (!existsSync(buildId) || !existsSync(path.resolve(SCORM_RUNTIME_OUTPUT))) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.resolve(s)) > built);
}

export function runBuild(): void {
  console.log("Building the app (the SCORM runtime, then next build)…");
  buildScormRuntime();
  const result = spawnSync("npx", ["next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
}

export function buildIfNeeded(): void {
  if (buildIsStale()) runBuild();
}
