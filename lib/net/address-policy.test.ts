import { describe, expect, it } from "vitest";
import { embeddedIpv4, isAllowedAddress, isNonPublicAddress } from "@/lib/net/address-policy";
import { parseAddressRange, parseIpAddress } from "@/lib/net/ip-address";

const address = (text: string) => {
  const parsed = parseIpAddress(text);
  if (!parsed) throw new Error(`test input is not an address: ${text}`);
  return parsed;
};

describe("addresses outside the public internet", () => {
  it.each([
    // IPv4
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["169.254.0.1", "link-local"],
    ["192.0.0.170", "IETF protocol assignments"],
    ["192.0.2.10", "documentation"],
    ["198.51.100.10", "documentation"],
    ["203.0.113.10", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["192.88.99.1", "6to4 relay anycast"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    // IPv6
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fec0::1", "site-local (deprecated)"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["100::1", "discard-only"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001::1", "Teredo"],
    ["64:ff9b:1::1", "local-use NAT64"],
    ["5f00::1", "outside global unicast"],
    // IPv4 inside IPv6
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex spelling"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped cloud metadata"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["64:ff9b::a00:1", "NAT64 of private"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["2002:c0a8:101::1", "6to4 of private"],
  ])("%s (%s) is not public", (text) => {
    expect(isNonPublicAddress(address(text))).toBe(true);
  });

  it.each([
    ["8.8.8.8"],
    ["1.1.1.1"],
    ["93.184.215.14"],
    ["172.32.0.1"], // just past 172.16/12
    ["100.128.0.1"], // just past 100.64/10
    ["2a00:1450:4001:80b::200e"],
    ["2606:4700::1111"],
    ["::ffff:8.8.8.8"], // IPv4-mapped public
    ["64:ff9b::808:808"], // NAT64 of public
    ["2002:808:808::1"], // 6to4 of public
  ])("%s is public", (text) => {
    expect(isNonPublicAddress(address(text))).toBe(false);
  });
});

describe("the IPv4 address an IPv6 address stands for", () => {
  it.each([
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::ffff:7f00:1", "127.0.0.1"],
    ["::10.0.0.1", "10.0.0.1"],
    ["64:ff9b::a9fe:a9fe", "169.254.169.254"],
    ["2002:c0a8:0101::", "192.168.1.1"],
    ["2a00:1450::1", null],
    ["127.0.0.1", null],
  ])("%s → %s", (text, expected) => {
    expect(embeddedIpv4(address(text))?.text ?? null).toBe(expected);
  });
});

describe("the operator's allow-list", () => {
  const allowed = ["127.0.0.2/32", "10.20.0.0/16", "fd00::/8"].map((text) => parseAddressRange(text)!);

  it.each([
    ["127.0.0.2", true],
    ["::ffff:127.0.0.2", true], // the same address mapped into IPv6
    ["127.0.0.1", false], // the rest of loopback stays refused
    ["10.20.3.4", true],
    ["10.21.0.1", false],
    ["fd00::25", true],
    ["fe80::1", false],
    ["8.8.8.8", true], // public needs no listing
    ["169.254.169.254", false],
  ])("%s allowed: %s", (text, expected) => {
    expect(isAllowedAddress(address(text), allowed)).toBe(expected);
  });

  it("an empty list allows only public addresses", () => {
    expect(isAllowedAddress(address("127.0.0.2"), [])).toBe(false);
    expect(isAllowedAddress(address("8.8.4.4"), [])).toBe(true);
  });
});
