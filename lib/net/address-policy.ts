import { inRange, ipv4FromBytes, parseAddressRange, type AddressRange, type IpAddress } from "@/lib/net/ip-address";

// Which addresses a connection chosen by a tenant may go to: the public internet only. Everything that
// reaches our own machines, our private network or the cloud around it is refused unless the operator
// allow-lists it (OUTBOUND_ALLOWED_ADDRESSES). The ranges are IANA's special-purpose registries; what is
// not in them is global unicast.

function ranges(list: string[]): AddressRange[] {
  return list.map((text) => {
    const range = parseAddressRange(text);
    if (!range) throw new Error(`Not an address range: ${text}`);
    return range;
  });
}

const REFUSED_IPV4 = ranges([
  "0.0.0.0/8", // "this network", 0.0.0.0 reaches the local host on Linux
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local, with the cloud metadata service at 169.254.169.254
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation
  "192.88.99.0/24", // 6to4 relay anycast
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, with the broadcast address 255.255.255.255
]);

/** Global unicast: every other IPv6 block (loopback, unspecified, link-local, unique-local, multicast…) is refused. */
const GLOBAL_IPV6 = ranges(["2000::/3"]);

const REFUSED_IPV6 = ranges([
  "2001::/23", // IETF protocol assignments, Teredo among them
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation
]);

/** IPv6 blocks that carry an IPv4 address in their last 32 bits: judged by that address. */
const IPV4_IN_LAST_32 = ranges([
  "::ffff:0:0/96", // IPv4-mapped, which the kernel connects to over IPv4
  "::/96", // IPv4-compatible (deprecated), and :: and ::1
  "64:ff9b::/96", // NAT64, which a NAT64 gateway translates to the IPv4 address
]);
const SIX_TO_FOUR = ranges(["2002::/16"])[0]!;

/**
 * The IPv4 address an IPv6 address stands for, if any: IPv4-mapped, IPv4-compatible, NAT64 (last 32
 * bits) and 6to4 (bits 16–47). A gateway or the kernel would deliver to that address, so it is judged.
 */
export function embeddedIpv4(address: IpAddress): IpAddress | null {
  if (address.family !== 6) return null;
  if (IPV4_IN_LAST_32.some((range) => inRange(address, range))) return ipv4FromBytes(address.bytes.subarray(12, 16));
  if (inRange(address, SIX_TO_FOUR)) return ipv4FromBytes(address.bytes.subarray(2, 6));
  return null;
}

/** True for an address outside the public internet (before any allow-list). */
export function isNonPublicAddress(address: IpAddress): boolean {
  if (address.family === 4) return REFUSED_IPV4.some((range) => inRange(address, range));
  const ipv4 = embeddedIpv4(address);
  // ::ffff:0.0.0.0/96 and ::/96 also hold :: and ::1: their "IPv4" (0.0.0.0, 0.0.0.1) is refused as well.
  if (ipv4) return isNonPublicAddress(ipv4);
  if (!GLOBAL_IPV6.some((range) => inRange(address, range))) return true;
  return REFUSED_IPV6.some((range) => inRange(address, range));
}

/**
 * Whether a connection to `address` is allowed: a public address, or one the operator allow-listed
 * (itself, or the IPv4 address it stands for, so ::ffff:127.0.0.2 is allowed with 127.0.0.2).
 */
export function isAllowedAddress(address: IpAddress, allowed: readonly AddressRange[]): boolean {
  const ipv4 = embeddedIpv4(address);
  if (allowed.some((range) => inRange(address, range) || (ipv4 !== null && inRange(ipv4, range)))) return true;
  return !isNonPublicAddress(address);
}
