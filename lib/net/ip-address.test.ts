import { describe, expect, it } from "vitest";
import { inRange, parseAddressRange, parseHost, parseIpAddress } from "@/lib/net/ip-address";

describe("parseHost reads an address the way a resolver would", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["2130706433", "127.0.0.1"], // decimal
    ["0x7f000001", "127.0.0.1"], // hex
    ["0X7F000001", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"], // octal
    ["0x7f.0.0.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"], // short form: the last part fills the rest
    ["127.0.1", "127.0.0.1"],
    ["0", "0.0.0.0"],
    ["127.0.0.1.", "127.0.0.1"],
    ["0xa9fea9fe", "169.254.169.254"],
    [" 10.0.0.1 ", "10.0.0.1"],
  ])("%s is the IPv4 address %s", (text, expected) => {
    expect(parseHost(text)).toEqual({
      kind: "address",
      address: { family: 4, bytes: Uint8Array.from(expected.split(".").map(Number)), text: expected },
    });
  });

  it.each([
    ["::1", "::1"],
    ["[::1]", "::1"],
    ["0:0:0:0:0:0:0:1", "::1"],
    ["::ffff:127.0.0.1", "::ffff:7f00:1"],
    ["[::FFFF:7F00:1]", "::ffff:7f00:1"],
    ["FE80::1", "fe80::1"],
    ["2001:DB8:0:0:1::1", "2001:db8::1:0:0:1"],
  ])("%s is the IPv6 address %s", (text, expected) => {
    const host = parseHost(text);
    expect(host?.kind === "address" && host.address.family === 6 ? host.address.text : null).toBe(expected);
  });

  it("the bytes of ::ffff:127.0.0.1", () => {
    expect(Array.from(parseIpAddress("::ffff:127.0.0.1")!.bytes)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1,
    ]);
  });

  it.each([
    ["smtp.example.com", "smtp.example.com"],
    ["SMTP.Example.COM.", "smtp.example.com"],
    ["localhost", "localhost"],
    ["1.2.3.4.example.com", "1.2.3.4.example.com"],
    ["bücher.example", "xn--bcher-kva.example"],
  ])("%s is the name %s", (text, expected) => {
    expect(parseHost(text)).toEqual({ kind: "name", name: expected });
  });

  it.each([
    "",
    " ",
    "1.2.3.4.5",
    "999999999999",
    "08.0.0.1",
    "fe80::1%eth0",
    "[fe80::1%25eth0]",
    "a b",
    "user@host",
    "host/path",
    "host:25",
    "[example.com]",
    "1:2:3:4:5:6:7:8:9",
    "..",
    "host?x",
    "%31%32%37.0.0.1",
  ])("%j is neither", (text) => {
    expect(parseHost(text)).toBeNull();
  });
});

describe("address ranges", () => {
  it.each([
    ["10.0.0.0/8", "10.255.1.2", true],
    ["10.0.0.0/8", "11.0.0.1", false],
    ["172.16.0.0/12", "172.31.255.255", true],
    ["172.16.0.0/12", "172.32.0.0", false],
    ["127.0.0.2", "127.0.0.2", true],
    ["127.0.0.2/32", "127.0.0.1", false],
    ["0.0.0.0/0", "8.8.8.8", true],
    ["fe80::/10", "febf::1", true],
    ["fe80::/10", "fec0::1", false],
    ["fc00::/7", "fdff::1", true],
    ["10.0.0.0/8", "::ffff:10.0.0.1", false], // families never match: the policy decodes mapped forms itself
  ])("%s holds %s: %s", (range, address, expected) => {
    expect(inRange(parseIpAddress(address)!, parseAddressRange(range)!)).toBe(expected);
  });

  it.each([
    "10.0.0.0/33",
    "::/129",
    "10.0.0.0/-1",
    "10.0.0.0/8/8",
    "10.0.0.0/",
    "example.com",
    "example.com/8",
    "10.0.0.0/0x8",
  ])("%j is not a range", (text) => {
    expect(parseAddressRange(text)).toBeNull();
  });
});
