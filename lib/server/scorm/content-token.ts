import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { requireAuthSecret } from "@/lib/env";

// The capability a SCORM visit runs on. Package files and commits live on the organization's content
// host, which never receives a session cookie; what grants them is this token, a path segment of every
// content URL (so the package's relative URLs keep it). It names one package, the viewer, and the one
// attempt its commits may write (none for an untracked preview), and it expires.
//
// Tokens are deterministic within a time window: every launch of the same package by the same person
// in the same window gets the same URLs, so the browser's cache of the package's files keeps working
// across visits. A token is good for CONTENT_TOKEN_WINDOW_SECONDS to twice that.
//
// Layout (binary, base64url): version (1 byte), expiry (uint32, Unix seconds), organization, package,
// user and attempt ids (16 bytes each; the attempt all zeros when there is none), then the first 16
// bytes of an HMAC-SHA256 over all of it.

const CONTENT_TOKEN_WINDOW_SECONDS = 4 * 60 * 60;

const VERSION = 1;
const BODY_BYTES = 1 + 4 + 16 * 4;
const MAC_BYTES = 16;
const NO_ATTEMPT = "00000000-0000-0000-0000-000000000000";

export interface ContentGrant {
  organizationId: string;
  packageId: string;
  userId: string;
  /** The attempt the visit's commits may write; null for a preview (nothing recorded). */
  attemptId: string | null;
  /** Unix seconds. */
  expiresAt: number;
}

let macKey: Buffer | null = null;

/** A key of its own, derived from the deployment's secret: a content token is never a session token. */
function key(): Buffer {
  macKey ??= createHmac("sha256", requireAuthSecret()).update("lms scorm content token v1").digest();
  return macKey;
}

function mac(body: Buffer): Buffer {
  return createHmac("sha256", key()).update(body).digest().subarray(0, MAC_BYTES);
}

export function mintContentToken(grant: Omit<ContentGrant, "expiresAt">, now = Date.now()): string {
  const window = Math.floor(now / 1000 / CONTENT_TOKEN_WINDOW_SECONDS);
  const expiresAt = (window + 2) * CONTENT_TOKEN_WINDOW_SECONDS;
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  body.writeUInt32BE(expiresAt, 1);
  [grant.organizationId, grant.packageId, grant.userId, grant.attemptId ?? NO_ATTEMPT].forEach((id, index) => {
    Buffer.from(id.replaceAll("-", ""), "hex").copy(body, 5 + index * 16);
  });
  return Buffer.concat([body, mac(body)]).toString("base64url");
}

/** The grant a token carries, or null when it is malformed, forged or expired (all answered alike: 404). */
export function readContentToken(token: string, now = Date.now()): ContentGrant | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== BODY_BYTES + MAC_BYTES) return null;
  const body = bytes.subarray(0, BODY_BYTES);
  if (!timingSafeEqual(bytes.subarray(BODY_BYTES), mac(body))) return null;
  if (body.readUInt8(0) !== VERSION) return null;
  const expiresAt = body.readUInt32BE(1);
  if (expiresAt * 1000 <= now) return null;
  const [organizationId, packageId, userId, attemptId] = [0, 1, 2, 3].map((index) =>
    uuidOf(body.subarray(5 + index * 16, 21 + index * 16)),
  ) as [string, string, string, string];
  return { organizationId, packageId, userId, attemptId: attemptId === NO_ATTEMPT ? null : attemptId, expiresAt };
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
