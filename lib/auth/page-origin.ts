import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";

/** The origin the page was asked on (scheme from the proxy's X-Forwarded-Proto, else APP_BASE_URL's). */
export async function pageOrigin(): Promise<string> {
  const list = await headers();
  const scheme = list.get("x-forwarded-proto")?.split(",")[0]?.trim() || new URL(env.APP_BASE_URL).protocol.replace(":", "");
  return `${scheme}://${list.get("host") ?? new URL(env.APP_BASE_URL).host}`;
}
