// Which tenant a Host header addresses. Pure, so proxy.ts, route handlers and tests share it.

export type HostTarget =
  | { kind: "apex" }
  | { kind: "tenant"; subdomain: string }
  /**
   * An organization's content host ({subdomain}.{CONTENT_DOMAIN}): authored content (SCORM packages) runs
   * there, away from every session. It serves nothing but the content routes (/scorm/…).
   */
  | { kind: "content"; subdomain: string }
  /** A host under APP_DOMAIN that can never be a tenant (e.g. nested labels): answered with 404. */
  | { kind: "invalid" };

export function hostTarget(
  hostHeader: string | null | undefined,
  appDomain: string,
  contentDomain: string,
): HostTarget {
  const host = (hostHeader ?? "").trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  const domain = appDomain.toLowerCase();
  const content = contentDomain.toLowerCase();
  // Checked first: the default content domain (content.{APP_DOMAIN}) lies below the app's own.
  if (host === content) return { kind: "invalid" };
  if (host.endsWith(`.${content}`)) {
    const label = host.slice(0, -(content.length + 1));
    return label.includes(".") ? { kind: "invalid" } : { kind: "content", subdomain: label };
  }
  if (host === domain || host === "") return { kind: "apex" };
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

/** The origin of an organization's content host, with the scheme and port of `baseOrigin` as tenantOrigin. */
export function contentOrigin(subdomain: string, contentDomain: string, baseOrigin: string): string {
  return tenantOrigin(subdomain, contentDomain, baseOrigin);
}

/**
 * The origin a request was made on: the scheme a proxy in front says it terminated (X-Forwarded-Proto), else
 * the base URL's; the Host header's host and port, else the base URL's.
 */
export function requestOrigin(host: string | null, forwardedProto: string | null, baseUrl: string): string {
  const base = new URL(baseUrl);
  const scheme = forwardedProto?.split(",")[0]?.trim() || base.protocol.replace(":", "");
  return `${scheme}://${host ?? base.host}`;
}
