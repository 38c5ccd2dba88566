import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { hostTarget } from "@/lib/tenancy/host";
import { hashFetchToken } from "@/lib/server/cmi5/launch";
import { CMI5_AUTH_HOURS, cmi5AuthToken, hashCmi5Secret, newCmi5Secret } from "@/lib/server/cmi5/session-auth";

// The launch's fetch URL (cmi5 8.2): a POST from the AU, on the organization's app host, answers the
// session's LRS credential once. Every answer is 200 JSON, as the spec asks: the token, or an error-code
// ("1": already used, "2": unknown or not for this organization, "3": anything else). CORS lets the AU's
// own origin (the content host or the AU's site) read it; no cookie is read or set.

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "600",
};

const answer = (body: object, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

const ERRORS = {
  used: { "error-code": "1", "error-text": "This launch's credential was fetched already" },
  unknown: { "error-code": "2", "error-text": "This fetch URL is not known here" },
  failed: { "error-code": "3", "error-text": "The credential could not be handed out" },
};

export async function answerCmi5Fetch(req: Request, token: string): Promise<Response> {
  if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (req.method !== "POST")
    return new Response(JSON.stringify(ERRORS.failed), {
      status: 405,
      headers: { ...CORS, Allow: "POST, OPTIONS", "Content-Type": "application/json" },
    });
  try {
    const target = hostTarget(req.headers.get("host"), env.APP_DOMAIN, env.CONTENT_DOMAIN);
    if (target.kind !== "tenant" || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return answer(ERRORS.unknown);
    const session = await db().cmi5Session.findFirst({
      where: { fetchTokenHash: hashFetchToken(token), organization: { subdomain: target.subdomain, status: "active" } },
      select: { id: true, organizationId: true, fetchedAt: true, terminatedAt: true, abandonedAt: true },
    });
    if (!session) return answer(ERRORS.unknown);
    if (session.fetchedAt || session.terminatedAt || session.abandonedAt) return answer(ERRORS.used);
    const secret = newCmi5Secret();
    const claimed = await db().cmi5Session.updateMany({
      where: { organizationId: session.organizationId, id: session.id, fetchedAt: null },
      data: {
        fetchedAt: new Date(),
        authSecretHash: hashCmi5Secret(secret),
        authExpiresAt: new Date(Date.now() + CMI5_AUTH_HOURS * 3600_000),
      },
    });
    // Two fetches at once: one wins, the other is told it was used.
    if (claimed.count === 0) return answer(ERRORS.used);
    return answer({ "auth-token": cmi5AuthToken(session.id, secret) });
  } catch (error) {
    logger().error({ err: error }, "the cmi5 fetch URL failed");
    return answer(ERRORS.failed);
  }
}
