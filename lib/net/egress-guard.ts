import "server-only";
import { promises as dns } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isAllowedAddress } from "@/lib/net/address-policy";
import { parseAddressRange, parseHost, parseIpAddress, type AddressRange, type IpAddress } from "@/lib/net/ip-address";

// The one gate for every outgoing connection whose address a tenant or a user chose: an organization's
// (or the superadmin's) mail server today, an identity provider's discovery or metadata URL, a webhook or
// a remote file tomorrow. Without it, anyone who may type a host name could make our server connect to
// our own machines and private network (a database, a cache, the cloud metadata service) and learn
// from the answers which ports are open.
//
// How to use it:
//   - `resolveAllowed(host)` resolves a name once, checks EVERY address it resolves to, and returns the
//     one to connect to. Connect to `target.address` (never to the name again: a second lookup could
//     answer differently, which is what a DNS-rebinding attack counts on), and give `target.servername`
//     to TLS so the certificate is still checked against the name (nodemailer: `host: target.address,
//     tls: { servername }`, see lib/mail.ts).
//   - `guardedRequest(url, options)` is node:http(s) `request` for a URL, checked the same way: the socket
//     is opened to the checked address while the Host header, SNI and certificate check keep the name.
//     It follows no redirect; a caller that does must pass each new URL through it again.
//   - `guardedHttpOptions(url)` is for a library that opens its own requests (openid-client): the options
//     (a lookup through resolveAllowed, no pooled socket) to hand it for every request it makes.
// A refusal is an `EgressRefusedError` (400, one message whatever the reason). Anything else thrown (a
// name that does not resolve, a lookup that times out) is the caller's "could not be reached".
//
// The operator's own servers from the environment (SMTP_URL) are not tenant input and do not come here.

export const EGRESS_REFUSED_MESSAGE = "This address is not allowed for an outgoing connection";

export class EgressRefusedError extends AppError {
  constructor() {
    super("BAD_REQUEST", EGRESS_REFUSED_MESSAGE);
    this.name = "EgressRefusedError";
  }
}

export interface CheckedTarget {
  /** The checked address to connect to (canonical text, IPv6 without brackets). */
  address: string;
  family: 4 | 6;
  /** The name that was given, for TLS and the Host header; absent when an address was given. */
  servername?: string;
}

/** Every address a name resolves to (dns.lookup with `all: true`: /etc/hosts and DNS, as the system sees them). */
export type ResolveAll = (name: string) => Promise<readonly { address: string }[]>;

export interface EgressGuardOptions {
  /** What the operator allows despite the rules: OUTBOUND_ALLOWED_ADDRESSES. */
  allowed: readonly AddressRange[];
  resolve?: ResolveAll;
  /** A lookup that takes longer fails as unreachable (the system resolver may wait far longer). */
  lookupTimeoutMs?: number;
}

const systemResolve: ResolveAll = (name) => dns.lookup(name, { all: true, verbatim: true });

/** `localhost` and every name below it are the loopback (RFC 6761), whatever a resolver would say. */
function isLocalhostName(name: string): boolean {
  return name === "localhost" || name.endsWith(".localhost");
}

export function createEgressGuard(options: EgressGuardOptions) {
  const { allowed, resolve = systemResolve, lookupTimeoutMs = 10_000 } = options;

  async function resolveWithin(name: string): Promise<readonly { address: string }[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Looking up ${name} took longer than ${lookupTimeoutMs} ms`)),
        lookupTimeoutMs,
      );
    });
    try {
      return await Promise.race([resolve(name), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  function check(address: IpAddress | null): IpAddress {
    if (!address || !isAllowedAddress(address, allowed)) throw new EgressRefusedError();
    return address;
  }

  /** The address to connect to for `host` (a name or an address in any spelling), or an EgressRefusedError. */
  async function resolveAllowed(host: string): Promise<CheckedTarget> {
    const parsed = parseHost(host);
    if (!parsed) throw new EgressRefusedError();
    if (parsed.kind === "address") {
      const address = check(parsed.address);
      return { address: address.text, family: address.family };
    }
    const found = await resolveWithin(isLocalhostName(parsed.name) ? "localhost" : parsed.name);
    if (found.length === 0) throw new Error(`${parsed.name} resolves to no address`);
    // Every address is checked, not only the one used: a name that also points inside is refused.
    const addresses = found.map((entry) => check(parseIpAddress(entry.address)));
    const first = addresses[0]!;
    return { address: first.text, family: first.family, servername: parsed.name };
  }

  /** node:http(s) `request` to `url`, connecting only to the address checked here (see above). */
  async function guardedRequest(url: URL, requestOptions: https.RequestOptions = {}): Promise<http.ClientRequest> {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new EgressRefusedError();
    const target = await resolveAllowed(url.hostname);
    const transport = url.protocol === "https:" ? https : http;
    // agent: false — a pooled socket opened by another request could lead to an address never checked here.
    return transport.request(url, { ...requestOptions, agent: false, lookup: pinnedLookup(target) });
  }

  /** A `lookup` for sockets a library opens itself: the name goes through resolveAllowed at connect time. */
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    resolveAllowed(hostname).then(
      (target) => pinnedLookup(target)(hostname, options, callback),
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };

  /**
   * Request options for a library that makes its own node:http(s) requests (openid-client's
   * `custom.http_options`): no pooled socket, and the guard's lookup. Node calls no lookup for an
   * address literal, so one is checked here instead.
   */
  function guardedHttpOptions(url: URL): { agent: false; lookup: LookupFunction } {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new EgressRefusedError();
    const parsed = parseHost(url.hostname);
    if (!parsed) throw new EgressRefusedError();
    if (parsed.kind === "address") check(parsed.address);
    return { agent: false, lookup: guardedLookup };
  }

  return { resolveAllowed, guardedRequest, guardedHttpOptions };
}

export type EgressGuard = ReturnType<typeof createEgressGuard>;

/**
 * A `lookup` for net/tls/http that answers the checked address whatever it is asked: the socket cannot
 * resolve the name a second time. (Node calls no lookup for an address literal; resolveAllowed checked it.)
 */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** OUTBOUND_ALLOWED_ADDRESSES as ranges (lib/env.ts has already refused anything unreadable). */
function allowedFromEnv(): AddressRange[] {
  return env.OUTBOUND_ALLOWED_ADDRESSES.flatMap((text) => parseAddressRange(text) ?? []);
}

const guard = createEgressGuard({ allowed: allowedFromEnv() });

export const resolveAllowed = guard.resolveAllowed;
export const guardedRequest = guard.guardedRequest;
export const guardedHttpOptions = guard.guardedHttpOptions;
