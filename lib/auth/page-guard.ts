import "server-only";
import { notFound, redirect } from "next/navigation";
import type { Caller, RequestSession } from "@/lib/auth/caller";
import { pageCaller, pageClaims } from "@/lib/auth/page-caller";
import { AppError } from "@/lib/errors";
import { ROUTES, roleAllowed } from "@/lib/routes";

export type PageSession = RequestSession;

/** app/session-ended/route.ts: drops a session cookie that no longer counts, then on to /login. */
export const SESSION_ENDED_PATH = "/session-ended";

/**
 * The server-side half of the route table, called first by every page with its own pattern. The page
 * gate (lib/auth/page-gate.ts) has usually decided already; this holds even when it is bypassed, and
 * checks the database.
 */
export async function guardPage(pattern: string): Promise<PageSession> {
  const route = ROUTES.find((r) => r.pattern === pattern);
  if (!route) throw new Error(`guardPage: '${pattern}' is not in the route table (lib/routes.ts)`);

  let session: PageSession;
  try {
    session = await pageCaller();
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  if (route.access === "public") return session;
  // A cookie that no longer counts must go, or the page gate would send /login straight back here.
  if (!session.caller) redirect((await pageClaims()) ? SESSION_ENDED_PATH : "/login");
  if (!roleAllowed(route.access, session.caller.ctx.role)) redirect("/unauthorized");
  return session;
}

/** For pages that need a signed-in caller (after guardPage of a non-public route, there always is one). */
export async function guardSignedInPage(pattern: string): Promise<Caller> {
  const { caller } = await guardPage(pattern);
  if (!caller) redirect("/login");
  return caller;
}

/** Page data that may not exist for this caller (another tenant's id, tenant data on the apex) → 404 page. */
export async function loadOrNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
