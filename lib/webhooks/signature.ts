import { createHmac, randomBytes } from "node:crypto";

// Signing as the Standard Webhooks specification says: the secret is `whsec_` + base64 of random bytes;
// the key is those bytes; the signature is `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)).
// Several signatures (a rolled secret's overlap) go space-separated in one `webhook-signature` header.

const PREFIX = "whsec_";

/** A new signing secret: 32 random bytes (the specification asks for 24 to 64). */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}

export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

export interface WebhookHeaders extends Record<string, string> {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three headers of one delivery attempt; `secrets`: the current one first, then one in its overlap. */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): WebhookHeaders {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => signPayload(s, id, timestamp, body)).join(" "),
  };
}
