import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import {
  claimedSessionId,
  claimedUserId,
  isFromAnotherOrigin,
  sessionCookie,
  sessionOf,
  type RequestSession,
} from "@/lib/auth/caller";
import { lookupPageCaller, type PageShellFacts } from "@/lib/auth/caller-lookup";
import { readToken, type SessionClaims } from "@/lib/auth/token";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { noteRequestIdentity } from "@/lib/log/request-context";
import { hostTarget } from "@/lib/tenancy/host";

// Server components and layouts: the root layout, the signed-in shell and the page all ask about the
// request's caller, and all of it comes from one statement read once per request (React's cache).

/**
 * The host's organization, the token's user (when the token was issued for this host) and what the shell
 * shows: one statement, whatever the host (an unknown or content host still shows the platform's notice).
 */
const pageLookup = cache(async () => {
  const [headerList, tokenClaims] = await Promise.all([headers(), pageClaims()]);
  const target = hostTarget(headerList.get("host"), env.APP_DOMAIN, env.CONTENT_DOMAIN);
  const claims = isFromAnotherOrigin(headerList) ? null : tokenClaims;
  const subdomain = target.kind === "tenant" ? target.subdomain : null;
  const userId = claimedUserId(target, claims);
  const found = await lookupPageCaller(subdomain, userId, userId === null ? null : claimedSessionId(claims));
  return { target, subdomain, claims, found };
});

/** The page's caller, checked as every request's is (resolveSession): a 404 for a host of no organization. */
export const pageCaller = cache(async (): Promise<RequestSession> => {
  const { target, subdomain, claims, found } = await pageLookup();
  if (target.kind === "invalid" || target.kind === "content") throw new AppError("NOT_FOUND", "Organization not found");
  const session = sessionOf(subdomain, claims, found);
  // The request log names the organization and the user a request acted for.
  noteRequestIdentity(session.ctx.organizationId, session.ctx.userId);
  return session;
});

/** What the shell shows besides the caller, read with it: whatever the host (a page of no organization too). */
export async function pageShell(): Promise<PageShellFacts> {
  return (await pageLookup()).found.shell;
}

export async function pageClaims(): Promise<SessionClaims | null> {
  const cookieStore = await cookies();
  return readToken(sessionCookie((n) => cookieStore.get(n)?.value));
}
