import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEgressGuard, EgressRefusedError, pinnedLookup, type ResolveAll } from "@/lib/net/egress-guard";
import { parseAddressRange } from "@/lib/net/ip-address";

const REFUSED = "This address is not allowed for an outgoing connection";

/** A resolver of our own: what each name "resolves to", and every name asked. */
function fakeDns(records: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: ResolveAll = async (name) => {
    asked.push(name);
    const addresses = records[name];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address }));
  };
  return { resolve, asked };
}

const dns = fakeDns({
  "mail.example.com": ["93.184.215.14"],
  "dual.example.com": ["2606:4700::1111", "93.184.215.14"],
  "rebind.example.com": ["127.0.0.1"],
  "mixed.example.com": ["93.184.215.14", "10.0.0.5"],
  "metadata.example.com": ["169.254.169.254"],
  "mapped.example.com": ["::ffff:127.0.0.1"],
  "internal-mail.example.com": ["127.0.0.2"],
  localhost: ["127.0.0.1", "::1"],
  empty: [],
});
const guard = createEgressGuard({ allowed: [parseAddressRange("127.0.0.2/32")!], resolve: dns.resolve });

async function refusal(host: string): Promise<unknown> {
  return guard.resolveAllowed(host).then(
    () => null,
    (error: unknown) => error,
  );
}

describe("the egress guard refuses, with one message", () => {
  it.each([
    "127.0.0.1", // loopback
    "127.0.0.3", // loopback next to the allow-listed one
    "0.0.0.0",
    "10.1.2.3", // private
    "172.16.5.4",
    "192.168.0.10",
    "100.64.1.1", // carrier-grade NAT
    "169.254.169.254", // cloud metadata
    "224.0.0.1", // multicast
    "255.255.255.255", // broadcast
    "::1", // IPv6 loopback
    "[::1]",
    "::",
    "fe80::1", // link-local
    "fd00::1", // unique-local
    "ff02::1", // multicast
    "::ffff:127.0.0.1", // IPv4-mapped
    "::ffff:7f00:1", // IPv4-mapped, hex
    "[::ffff:a9fe:a9fe]", // IPv4-mapped cloud metadata
    "64:ff9b::7f00:1", // NAT64 of loopback
    "2002:a00:1::1", // 6to4 of 10.0.0.1
    "2130706433", // 127.0.0.1 in decimal
    "0x7f000001", // in hex
    "0177.0.0.1", // in octal
    "127.1", // short form
    "0xa9fea9fe", // 169.254.169.254 in hex
    "localhost", // a name for the loopback
    "acme.localhost", // every name below localhost, even one no resolver knows
    "rebind.example.com", // a name that resolves to 127.0.0.1
    "mixed.example.com", // one public and one private address: every address is checked
    "metadata.example.com",
    "mapped.example.com",
    "", // not a host at all
    "host:25",
    "user@127.0.0.1",
  ])("%j", async (host) => {
    const error = await refusal(host);
    expect(error).toBeInstanceOf(EgressRefusedError);
    expect((error as EgressRefusedError).message).toBe(REFUSED);
    expect((error as EgressRefusedError).status).toBe(400);
  });
});

describe("the egress guard allows", () => {
  it("a public address, as given", async () => {
    expect(await guard.resolveAllowed("93.184.215.14")).toEqual({ address: "93.184.215.14", family: 4 });
    expect(await guard.resolveAllowed("2606:4700::1111")).toEqual({ address: "2606:4700::1111", family: 6 });
  });

  it("a name whose every address is public: the first one, with the name kept for TLS", async () => {
    expect(await guard.resolveAllowed("Mail.Example.com.")).toEqual({
      address: "93.184.215.14",
      family: 4,
      servername: "mail.example.com",
    });
    expect(await guard.resolveAllowed("dual.example.com")).toEqual({
      address: "2606:4700::1111",
      family: 6,
      servername: "dual.example.com",
    });
  });

  it("an allow-listed address, in any spelling, and a name resolving to it", async () => {
    expect(await guard.resolveAllowed("127.0.0.2")).toEqual({ address: "127.0.0.2", family: 4 });
    expect(await guard.resolveAllowed("2130706434")).toEqual({ address: "127.0.0.2", family: 4 });
    expect(await guard.resolveAllowed("::ffff:127.0.0.2")).toEqual({ address: "::ffff:7f00:2", family: 6 });
    expect(await guard.resolveAllowed("internal-mail.example.com")).toEqual({
      address: "127.0.0.2",
      family: 4,
      servername: "internal-mail.example.com",
    });
  });

  it("allow-listing the loopback lets localhost through only when all its addresses are listed", async () => {
    const loopback = createEgressGuard({
      allowed: ["127.0.0.1", "::1"].map((text) => parseAddressRange(text)!),
      resolve: dns.resolve,
    });
    expect(await loopback.resolveAllowed("acme.localhost")).toEqual({
      address: "127.0.0.1",
      family: 4,
      servername: "acme.localhost",
    });
    const ipv4Only = createEgressGuard({ allowed: [parseAddressRange("127.0.0.1")!], resolve: dns.resolve });
    await expect(ipv4Only.resolveAllowed("localhost")).rejects.toBeInstanceOf(EgressRefusedError);
  });
});

describe("a name that cannot be resolved is not a refusal", () => {
  it("an unknown name fails with the resolver's error, for the caller's 'could not be reached'", async () => {
    const error = await refusal("nowhere.example.com");
    expect(error).not.toBeInstanceOf(EgressRefusedError);
    expect((error as { code?: string }).code).toBe("ENOTFOUND");
    expect(await refusal("empty")).toEqual(new Error("empty resolves to no address"));
  });

  it("a lookup that hangs fails after the timeout", async () => {
    const slow = createEgressGuard({ allowed: [], resolve: () => new Promise(() => undefined), lookupTimeoutMs: 20 });
    await expect(slow.resolveAllowed("slow.example.com")).rejects.toThrow(
      "Looking up slow.example.com took longer than 20 ms",
    );
  });

  it("an address literal is never looked up", async () => {
    const before = dns.asked.length;
    await refusal("10.0.0.1");
    await guard.resolveAllowed("93.184.215.14");
    expect(dns.asked.length).toBe(before);
  });
});

describe("pinnedLookup answers only the checked address", () => {
  it("whatever name it is asked, with or without all", () => {
    const lookup = pinnedLookup({ address: "93.184.215.14", family: 4, servername: "mail.example.com" });
    const answers: unknown[] = [];
    lookup("evil.example.com", {}, (err, address, family) => answers.push([err, address, family]));
    lookup("mail.example.com", { all: true }, (err, address) => answers.push([err, address]));
    expect(answers).toEqual([
      [null, "93.184.215.14", 4],
      [null, [{ address: "93.184.215.14", family: 4 }]],
    ]);
  });
});

describe("guardedRequest", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    // All of 127/8 is loopback on Linux: 127.0.0.2 is the allow-listed one.
    server = createServer((req, res) => res.end(`hello ${req.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function get(url: string): Promise<string> {
    const request = await guard.guardedRequest(new URL(url));
    return new Promise((resolve, reject) => {
      request.on("response", (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("reaches an allow-listed address, by address or by a name resolving to it (the Host header keeps the name)", async () => {
    expect(await get(`http://127.0.0.2:${port}/`)).toBe(`hello 127.0.0.2:${port}`);
    expect(await get(`http://internal-mail.example.com:${port}/`)).toBe(`hello internal-mail.example.com:${port}`);
  });

  it.each([
    "http://127.0.0.1:{port}/",
    "http://rebind.example.com:{port}/",
    "http://2130706433:{port}/",
    "http://[::ffff:7f00:1]:{port}/",
    "ftp://93.184.215.14/",
    "file:///etc/passwd",
  ])("refuses %s before connecting", async (url) => {
    await expect(guard.guardedRequest(new URL(url.replace("{port}", String(port))))).rejects.toThrow(REFUSED);
  });
});

describe("guardedHttpOptions (for libraries that make their own requests)", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => res.end(`hello ${req.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** node:http request(url, options) with the guard's options, as openid-client sends its requests. */
  function get(url: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let options;
      try {
        options = guard.guardedHttpOptions(new URL(url));
      } catch (error) {
        reject(error as Error);
        return;
      }
      const request = httpRequest(url, options, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("reaches an allow-listed address, by address or by a name resolving to it", async () => {
    expect(await get(`http://127.0.0.2:${port}/`)).toBe(`hello 127.0.0.2:${port}`);
    expect(await get(`http://internal-mail.example.com:${port}/`)).toBe(`hello internal-mail.example.com:${port}`);
  });

  it.each(["http://127.0.0.1:{port}/", "http://rebind.example.com:{port}/", "http://[::ffff:7f00:1]:{port}/"])(
    "refuses %s (an address before connecting, a name at its lookup)",
    async (url) => {
      await expect(get(url.replace("{port}", String(port)))).rejects.toThrow(REFUSED);
    },
  );
});
