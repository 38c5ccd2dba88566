import "server-only";
import { personSessionId, type Caller } from "@/lib/auth/caller";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import { audit, auditActor } from "@/lib/server/audit";
import { describeDevice } from "@/lib/server/sessions/device";
import { requirePermission } from "@/lib/tenancy/permissions";

// My Profile's "Active sessions": a person lists and ends their own sessions only. Every statement names
// the caller's user and organization, so another person's session id is simply not found (404).

export interface OwnSessionJson {
  id: string;
  device: string;
  user_agent: string | null;
  ip: string | null;
  signed_in_at: string;
  last_used_at: string;
  single_sign_on: boolean;
  current: boolean;
}

const ownSessions = ({ ctx }: Caller) => ({
  userId: ctx.userId,
  organizationId: ctx.organizationId,
  expiresAt: { gt: new Date() },
});

/** The caller's live sessions, the most recently used first; `current` marks the one asking. */
export async function listOwnSessions(caller: Caller): Promise<OwnSessionJson[]> {
  requirePermission(caller.ctx, "profile:read:own");
  const rows = await db().session.findMany({
    where: ownSessions(caller),
    orderBy: [{ lastUsedAt: "desc" }, { id: "desc" }],
    select: { id: true, userAgent: true, ip: true, createdAt: true, lastUsedAt: true, ssoSessionId: true },
    take: 100,
  });
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    user_agent: row.userAgent,
    ip: row.ip,
    signed_in_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    single_sign_on: row.ssoSessionId !== null,
    current: row.id === caller.sessionId,
  }));
}

/** Signs one of the caller's sessions out (the current one too: that is a logout). */
export async function revokeOwnSession(caller: Caller, sessionId: string, ip: string): Promise<void> {
  requirePermission(caller.ctx, "profile:update:own");
  const notFound = new AppError("NOT_FOUND", "Session not found");
  if (!isId(sessionId)) throw notFound;
  const { ctx } = caller;
  const { count } = await db().session.deleteMany({
    where: { id: sessionId, userId: ctx.userId, organizationId: ctx.organizationId },
  });
  if (count === 0) throw notFound;
  await audit({
    organizationId: ctx.organizationId,
    ...auditActor(ctx),
    action: "auth.session_revoke",
    entityType: "user",
    entityId: ctx.userId,
    data: { current: sessionId === caller.sessionId },
    ip,
  });
}

/** Signs every session of the caller out but the one asking; returns how many ended. */
export async function revokeOtherOwnSessions(caller: Caller, ip: string): Promise<number> {
  requirePermission(caller.ctx, "profile:update:own");
  const { ctx } = caller;
  const { count } = await db().session.deleteMany({
    where: { userId: ctx.userId, organizationId: ctx.organizationId, id: { not: personSessionId(caller) } },
  });
  await audit({
    organizationId: ctx.organizationId,
    ...auditActor(ctx),
    action: "auth.sessions_revoke_others",
    entityType: "user",
    entityId: ctx.userId,
    data: { count },
    ip,
  });
  return count;
}

/** Logout: the caller's own session ends here (and so on every node). */
export async function endOwnSession(caller: Caller): Promise<void> {
  const { ctx } = caller;
  await db().session.deleteMany({
    where: { id: personSessionId(caller), userId: ctx.userId, organizationId: ctx.organizationId },
  });
}
