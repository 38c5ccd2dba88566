import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// What every launcher sets before the app's modules load. Runs before lib/env.ts is imported.

const SECRET_FILE = path.resolve(".data/auth-secret");

/** A stable NEXTAUTH_SECRET for local runs: generated once into .data/ (production sets its own). */
function ensureAuthSecret(): void {
  if (process.env.NEXTAUTH_SECRET) return;
  if (!existsSync(SECRET_FILE)) {
    mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
    writeFileSync(SECRET_FILE, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  process.env.NEXTAUTH_SECRET = readFileSync(SECRET_FILE, "utf8").trim();
}

/**
 * Tenancy is by Host, so next-auth must build its URLs from the request's host instead of one fixed
 * NEXTAUTH_URL (which would send every tenant's sign-in to one address).
 */
export function prepareAuthEnv(): void {
  if (process.env.NEXTAUTH_URL) {
    console.warn("NEXTAUTH_URL is ignored: each organization signs in on its own subdomain.");
    delete process.env.NEXTAUTH_URL;
  }
  process.env.AUTH_TRUST_HOST = "true";
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  ensureAuthSecret();
}
