// Which tenant a Host header addresses. Pure, so proxy.ts, route handlers and tests share it.

export type HostTarget =
  | { kind: "apex" }
  | { kind: "tenant"; subdomain: string }
  /** A host under APP_DOMAIN that can never be a tenant (e.g. nested labels): answered with 404. */
  | { kind: "invalid" };

export function hostTarget(hostHeader: string | null | undefined, appDomain: string): HostTarget {
  const host = (hostHeader ?? "").trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  const domain = appDomain.toLowerCase();
  if (host === domain || host === "" ) return { kind: "apex" };
  if (!host.endsWith(`.${domain}`)) {
    // Direct IP access and foreign hosts (health checks, reverse proxies) see the apex.
    return { kind: "apex" };
  }
  const label = host.slice(0, -(domain.length + 1));
  if (label === "www") return { kind: "apex" };
  if (label.includes(".")) return { kind: "invalid" };
  return { kind: "tenant", subdomain: label };
}

/**
 * The origin of a tenant's pages, with the scheme and port of `baseOrigin` (a request's origin on any
 * host of this deployment, or APP_BASE_URL): where links in mails to that organization's people point.
 */
export function tenantOrigin(subdomain: string, appDomain: string, baseOrigin: string): string {
  const url = new URL(baseOrigin);
  url.hostname = `${subdomain}.${appDomain}`;
  return url.origin;
}
