import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { XapiError } from "@/lib/server/xapi/errors";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";
import { sameHash } from "@/lib/server/xapi/lrs-context";
import { isUuid } from "@/lib/xapi/validate";

// A cmi5 session's LRS credential (cmi5 8.2): the fetch URL hands it out once, as the Basic auth token
// `cmi5.{sessionId}:{secret}`; the LRS takes it for that session's learner and registration only, until the
// session is terminated or abandoned, or its hours are up. Only the secret's SHA-256 is stored.

export const CMI5_SESSION_USER_PREFIX = "cmi5.";
/** How long a session's credential lasts at most: a working day; Terminated or Abandoned end it sooner. */
export const CMI5_AUTH_HOURS = 12;

export const hashCmi5Secret = (secret: string) => createHash("sha256").update(secret).digest("hex");
export const newCmi5Secret = () => randomBytes(32).toString("base64url");

/** The `auth-token` of a fetch answer: what the AU sends after "Basic ". */
export const cmi5AuthToken = (sessionId: string, secret: string) =>
  Buffer.from(`${CMI5_SESSION_USER_PREFIX}${sessionId}:${secret}`).toString("base64");

/** A session's LRS context, or a 401 for anything but a live session of this host's organization. */
export async function cmi5SessionContext(
  subdomain: string,
  credentials: { user: string; password: string },
  origin: string,
): Promise<LrsContext> {
  const sessionId = credentials.user.slice(CMI5_SESSION_USER_PREFIX.length);
  const refused = new XapiError(401, "This cmi5 session's credential is unknown, expired or ended");
  if (!isUuid(sessionId)) throw refused;
  const session = await db().cmi5Session.findFirst({
    where: { id: sessionId, organization: { subdomain, status: "active" } },
    select: {
      organizationId: true,
      authSecretHash: true,
      authExpiresAt: true,
      terminatedAt: true,
      abandonedAt: true,
      registration: { select: { id: true, actorKey: true } },
    },
  });
  if (
    !session?.authSecretHash ||
    !sameHash(session.authSecretHash, hashCmi5Secret(credentials.password)) ||
    !session.authExpiresAt ||
    session.authExpiresAt.getTime() <= Date.now() ||
    session.terminatedAt ||
    session.abandonedAt
  )
    throw refused;
  return {
    organizationId: session.organizationId,
    clientId: sessionId,
    clientKey: `${CMI5_SESSION_USER_PREFIX}${sessionId}`,
    clientName: "cmi5 session",
    scopes: new Set(["statements/write", "statements/read/mine", "state", "profile"]),
    // cmi5 AUs speak xAPI 1.0.3.
    xapiVersion: "1.0",
    origin,
    cmi5: { sessionId, registrationId: session.registration.id, actorKey: session.registration.actorKey },
  };
}
