import "server-only";
import { env } from "@/lib/env";
import { requestOrigin } from "@/lib/tenancy/host";

/** The organization's xAPI endpoint, on the host the request was made on. */
export function xapiEndpoint(req: Request): string {
  const proto = env.TRUST_PROXY ? req.headers.get("x-forwarded-proto") : null;
  return `${requestOrigin(req.headers.get("host"), proto, env.APP_BASE_URL)}/xapi/`;
}
