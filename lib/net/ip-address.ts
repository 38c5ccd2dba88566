// IP addresses as bytes, and host names as a connection would read them. Pure (no Node modules), so
// lib/env.ts can validate the allow-list with it wherever it is loaded.
//
// Spellings are normalised by the WHATWG URL host parser, the one browsers and Node's `fetch` use: it
// reads an IPv4 address the way the C resolver's inet_aton does (decimal 2130706433, hex 0x7f000001,
// octal 0177.0.0.1, short forms such as 127.1) and writes IPv6 in its canonical form. So a host that
// any resolver would take as an address is an address here too, never a name to look up.

export type IpFamily = 4 | 6;

export interface IpAddress {
  family: IpFamily;
  /** 4 bytes (IPv4) or 16 (IPv6), network order. */
  bytes: Uint8Array;
  /** Canonical text: dotted quad, or IPv6 as the URL parser writes it (no brackets). */
  text: string;
}

export type Host = { kind: "address"; address: IpAddress } | { kind: "name"; name: string };

/** Characters that would make the URL parser read part of the text as something other than the host. */
const NOT_A_HOST = /[\s/\\?#@%]|^$/;
const DOTTED_QUAD = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * How a connection would read `host`: an IP address (any spelling, IPv6 with or without brackets) or a
 * lower-case name (a trailing dot removed). null when it is neither (empty, spaces, a zone id, a port…).
 */
export function parseHost(host: string): Host | null {
  const text = host.trim();
  if (NOT_A_HOST.test(text)) return null;
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const isV6 = bare.includes(":");
  if (!isV6 && text !== bare) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${isV6 ? `[${bare}]` : bare}/`).hostname;
  } catch {
    return null;
  }
  if (isV6) {
    const inner = hostname.slice(1, -1);
    const bytes = ipv6Bytes(inner);
    return bytes ? { kind: "address", address: { family: 6, bytes, text: inner } } : null;
  }
  if (DOTTED_QUAD.test(hostname)) {
    const bytes = Uint8Array.from(hostname.split(".").map(Number));
    return { kind: "address", address: { family: 4, bytes, text: hostname } };
  }
  const name = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  return name && !name.endsWith(".") ? { kind: "name", name } : null;
}

/** An address in any spelling parseHost reads, or null for a name or anything else. */
export function parseIpAddress(text: string): IpAddress | null {
  const host = parseHost(text);
  return host?.kind === "address" ? host.address : null;
}

/** The 16 bytes of an IPv6 address in the URL parser's canonical form (hex groups, one `::` at most). */
function ipv6Bytes(text: string): Uint8Array | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(missing).fill("0"), ...tail];
  const bytes = new Uint8Array(16);
  for (const [i, group] of all.entries()) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  }
  return bytes;
}

/** A block of addresses: `base` with its first `prefix` bits significant. */
export interface AddressRange {
  base: IpAddress;
  prefix: number;
}

/** "10.0.0.0/8", "fd00::/8", or one address (a /32 or /128). null when it is not one of those. */
export function parseAddressRange(text: string): AddressRange | null {
  const [addressText = "", prefixText, ...rest] = text.trim().split("/");
  if (rest.length) return null;
  const base = parseIpAddress(addressText);
  if (!base) return null;
  const max = base.family === 4 ? 32 : 128;
  if (prefixText === undefined) return { base, prefix: max };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= max ? { base, prefix } : null;
}

export function inRange(address: IpAddress, range: AddressRange): boolean {
  if (address.family !== range.base.family) return false;
  const whole = Math.floor(range.prefix / 8);
  for (let i = 0; i < whole; i++) if (address.bytes[i] !== range.base.bytes[i]) return false;
  const bits = range.prefix % 8;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return ((address.bytes[whole] ?? 0) & mask) === ((range.base.bytes[whole] ?? 0) & mask);
}

export function ipv4FromBytes(bytes: Uint8Array): IpAddress {
  const four = Uint8Array.from(bytes);
  return { family: 4, bytes: four, text: Array.from(four).join(".") };
}
