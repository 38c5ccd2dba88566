import { describe, expect, it } from "vitest";
import { newWebhookSecret, signPayload, webhookHeaders } from "@/lib/webhooks/signature";

// The specification's own example (standard-webhooks/spec.md, "Signature scheme").
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';

describe("webhook signatures", () => {
  it("signs the specification's example as the specification does", () => {
    expect(signPayload(SECRET, ID, TIMESTAMP, BODY)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("sends both signatures, space-separated, during a roll's overlap", () => {
    const headers = webhookHeaders([SECRET, "whsec_" + Buffer.alloc(24, 1).toString("base64")], ID, TIMESTAMP, BODY);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(headers["webhook-signature"].startsWith("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= v1,")).toBe(true);
    expect(headers["webhook-id"]).toBe(ID);
    expect(headers["webhook-timestamp"]).toBe("1614265330");
  });

  it("makes secrets of whsec_ and 32 random bytes", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
  });
});
