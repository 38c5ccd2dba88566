import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { requestOrigin } from "@/lib/tenancy/host";

/** The origin the page was asked on (scheme from the proxy's X-Forwarded-Proto, else APP_BASE_URL's). */
export async function pageOrigin(): Promise<string> {
  const list = await headers();
  return requestOrigin(list.get("host"), list.get("x-forwarded-proto"), env.APP_BASE_URL);
}
