import { buildSync, context, type BuildOptions } from "esbuild";

// The SCORM runtime page's script (lib/scorm/runtime/main.ts) runs on the content host, outside the app's
// pages, so Next does not bundle it: esbuild does, into public/scorm/runtime.js, before `next build` and
// when `npm run dev` starts (then again on every change). One self-contained file, no chunks.

export const SCORM_RUNTIME_OUTPUT = "public/scorm/runtime.js";

const options = (dev: boolean): BuildOptions => ({
  entryPoints: ["lib/scorm/runtime/main.ts"],
  outfile: SCORM_RUNTIME_OUTPUT,
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2020",
  minify: !dev,
  sourcemap: dev ? "inline" : false,
  legalComments: "none",
  tsconfig: "tsconfig.json",
  define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
  logLevel: "warning",
});

export function buildScormRuntime(): void {
  buildSync(options(false));
}

/** Development: built now, and rebuilt whenever a file it imports changes. */
export async function watchScormRuntime(): Promise<{ stop(): Promise<void> }> {
  const ctx = await context(options(true));
  await ctx.rebuild();
  await ctx.watch();
  return { stop: () => ctx.dispose() };
}
