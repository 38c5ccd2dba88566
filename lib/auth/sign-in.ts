import "server-only";
import { dummyPasswordHash, verifyPassword } from "@/lib/auth/password";
import { clearBuckets, recordFailure, secondsUntilAllowed, type Bucket } from "@/lib/auth/rate-limit";
import { startSession, type SessionDevice } from "@/lib/auth/session-start";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { LoginInput } from "@/lib/schemas/auth";
import { audit } from "@/lib/server/audit";
import { refusePasswordUnlessBreakGlass } from "@/lib/server/sso/sign-in-policy";
import { userProfileSelect, type OrganizationPublic, type UserProfile } from "@/lib/server/selects";
import type { RequestContext } from "@/lib/tenancy/context";

export interface SignedIn {
  user: UserProfile;
  organization: OrganizationPublic | null;
  token: string;
}

function buckets(ctx: RequestContext, email: string, ip: string): Bucket[] {
  const window = env.LOGIN_WINDOW_SECONDS;
  const host = ctx.subdomain ?? "";
  return [
    { key: `login:account:${host}:${email}`, limit: env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT, windowSeconds: window },
    { key: `login:ip:${ip}`, limit: env.LOGIN_MAX_ATTEMPTS_PER_IP, windowSeconds: window },
  ];
}

function tooManyAttempts(seconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    "RATE_LIMITED",
    `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    {
      headers: { "Retry-After": String(seconds) },
    },
  );
}

/**
 * The one sign-in path, used by the next-auth form login and by POST /auth/login. Accounts are looked
 * up inside the host's organization only, so a user of A is unknown on B's host; the apex knows only
 * the superadmin.
 */
export async function signInWithPassword(
  ctx: RequestContext,
  input: LoginInput,
  ip: string,
  device: SessionDevice = { ip, userAgent: null },
): Promise<SignedIn> {
  const limits = buckets(ctx, input.email, ip);
  const wait = await secondsUntilAllowed(limits);
  if (wait > 0) throw tooManyAttempts(wait);

  const { organization, organizationId } = ctx;
  const found = await db().user.findFirst({
    where: organizationId
      ? { organizationId, email: input.email }
      : { organizationId: null, email: input.email, role: "superadmin" },
    select: { ...userProfileSelect, passwordHash: true, sessionVersion: true },
  });
  const passwordOk = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!found || !passwordOk) {
    await recordFailure(limits);
    // The e-mail tried is kept so an administrator can see attempts on accounts that do not exist too.
    await audit({
      organizationId,
      actorId: found?.id ?? null,
      action: "auth.login_failed",
      entityType: "user",
      entityId: found?.id ?? null,
      data: { email: input.email },
      ip,
    });
    throw new AppError("UNAUTHENTICATED", "Invalid email or password");
  }
  // Only after the password is proven do we say why a real account cannot come in.
  if (found.status !== "active")
    throw new AppError("FORBIDDEN", "This account has been deactivated. Contact your administrator.");
  if (organization && organization.status !== "active") {
    throw new AppError("FORBIDDEN", "This organization is suspended. Contact the platform administrator.");
  }
  await refusePasswordUnlessBreakGlass(organizationId, found.id);

  await clearBuckets([limits[0]!.key]);
  const lastLoginAt = new Date();
  await db().user.update({ where: { id: found.id }, data: { lastLoginAt } });
  await audit({ organizationId, actorId: found.id, action: "auth.login", entityType: "user", entityId: found.id, ip });

  const { passwordHash: _hash, sessionVersion, ...user } = found;
  const token = await startSession(
    { sub: user.id, role: user.role, org: organizationId, tenant: ctx.subdomain ?? "", sv: sessionVersion },
    device,
  );
  return { user: { ...user, lastLoginAt }, organization, token };
}
