import { afterEach, describe, expect, it, vi } from "vitest";

// The environment as the app reads it at start-up (lib/env.ts): parsed when the module loads.
async function envWith(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return (await import("@/lib/env")).env;
}
afterEach(() => vi.unstubAllEnvs());

// Each test loads the module afresh: 30 s, for a loaded machine.
describe("OUTBOUND_ALLOWED_ADDRESSES", { timeout: 30_000 }, () => {
  it("is empty by default: nothing outside the public internet is allowed", async () => {
    expect((await envWith({ OUTBOUND_ALLOWED_ADDRESSES: undefined })).OUTBOUND_ALLOWED_ADDRESSES).toEqual([]);
  });

  it("lists addresses and CIDR blocks separated by commas or spaces", async () => {
    const env = await envWith({ OUTBOUND_ALLOWED_ADDRESSES: " 127.0.0.2/32, 10.0.5.25 192.168.10.0/24,,fd00::/8 " });
    expect(env.OUTBOUND_ALLOWED_ADDRESSES).toEqual(["127.0.0.2/32", "10.0.5.25", "192.168.10.0/24", "fd00::/8"]);
  });

  it.each(["localhost", "10.0.0.0/33", "mail.internal", "10.0.0.0/8; 127.0.0.1"])(
    "refuses %j, naming the variable",
    async (value) => {
      await expect(envWith({ OUTBOUND_ALLOWED_ADDRESSES: value })).rejects.toThrow(
        /^Invalid environment:\n  OUTBOUND_ALLOWED_ADDRESSES: /,
      );
    },
  );
});
