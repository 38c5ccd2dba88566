import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { requireAuthSecret } from "@/lib/env";

// The personal iCal feed's secret: a random key (stored on the user) followed by the key's HMAC under
// the server's secret (never stored). The profile can show the link again at any time, yet the
// database alone does not hold it: a leaked copy of the users table opens no feed.

const KEY_LENGTH = 22; // 16 random bytes in base64url
const SECRET = /^[A-Za-z0-9_-]{65}$/; // key + 43 characters of SHA-256 HMAC

export const newFeedKey = (): string => randomBytes(16).toString("base64url");

const signature = (key: string) =>
  createHmac("sha256", `ical-feed:${requireAuthSecret()}`).update(key).digest("base64url");

export const feedSecret = (key: string): string => `${key}${signature(key)}`;

export const feedPath = (key: string): string => `/api/calendar/feed/${feedSecret(key)}.ics`;

/** The key a well-formed, genuine secret carries, or null (the caller answers 404 either way). */
export function feedKeyOf(secret: string): string | null {
  if (!SECRET.test(secret)) return null;
  const key = secret.slice(0, KEY_LENGTH);
  const given = Buffer.from(secret.slice(KEY_LENGTH));
  const expected = Buffer.from(signature(key));
  return given.length === expected.length && timingSafeEqual(given, expected) ? key : null;
}
