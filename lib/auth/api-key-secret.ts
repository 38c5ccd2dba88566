import { createHash, randomBytes } from "node:crypto";

// An API key's secret: `lmsk_` followed by 43 base64url characters (32 random bytes). The prefix says
// what it is, so secret scanners (and people) recognize a leaked one; the randomness makes a fast hash
// enough: only SHA-256 of the secret is stored, and nothing can be guessed from it.

export const API_KEY_PREFIX = "lmsk_";
const SECRET_PATTERN = /^lmsk_[A-Za-z0-9_-]{43}$/;

export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** Whether a bearer credential is an API key (rather than a person's session token). */
export function isApiKeySecret(bearer: string): boolean {
  return bearer.startsWith(API_KEY_PREFIX);
}

/** Whether it has the shape of one we issue: anything else is refused without a lookup. */
export function isWellFormedApiKeySecret(bearer: string): boolean {
  return SECRET_PATTERN.test(bearer);
}

export function hashApiKeySecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What the list shows to tell keys apart: the prefix and the next four characters. */
export function apiKeyHint(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX.length + 4);
}
