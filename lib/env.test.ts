import { describe, expect, it } from "vitest";
import { envSchema } from "@/lib/env";

describe("OUTBOUND_ALLOWED_ADDRESSES", () => {
  it("is empty by default: nothing outside the public internet is allowed", () => {
    expect(envSchema.parse({}).OUTBOUND_ALLOWED_ADDRESSES).toEqual([]);
  });

  it("lists addresses and CIDR blocks separated by commas or spaces", () => {
    expect(
      envSchema.parse({ OUTBOUND_ALLOWED_ADDRESSES: " 127.0.0.2/32, 10.0.5.25 192.168.10.0/24,,fd00::/8 " })
        .OUTBOUND_ALLOWED_ADDRESSES,
    ).toEqual(["127.0.0.2/32", "10.0.5.25", "192.168.10.0/24", "fd00::/8"]);
  });

  it.each(["localhost", "10.0.0.0/33", "mail.internal", "10.0.0.0/8; 127.0.0.1"])(
    "refuses %j, naming the variable",
    (value) => {
      const result = envSchema.safeParse({ OUTBOUND_ALLOWED_ADDRESSES: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["OUTBOUND_ALLOWED_ADDRESSES"]);
    },
  );
});
