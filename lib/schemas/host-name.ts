// A DNS host name (RFC 1123): dot-separated labels of letters, digits and inner hyphens, 63 characters
// each, 253 in all. No scheme, port or path: APP_DOMAIN is the domain tenants live under.
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`, "i");

export function isHostName(value: string): boolean {
  return HOST_NAME.test(value);
}
