import "server-only";
import { NO_PASSWORD_HASH } from "@/lib/auth/password";
import { startSession } from "@/lib/auth/session-start";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { uniqueUsername } from "@/lib/server/accounts/unique-username";
import { sealSecret } from "@/lib/server/secret-box";
import { audit } from "@/lib/server/audit";
import { userProfileSelect } from "@/lib/server/selects";
import type { SsoIdentity } from "@/lib/server/sso/claims";
import { SsoRefusal } from "@/lib/server/sso/refusals";
import type { LogoutHandle } from "@/lib/server/sso/single-logout";
import { tenantOrganization, type RequestContext } from "@/lib/tenancy/context";
import { recordUserEvents } from "@/lib/server/webhooks/events";

// The account a verified identity signs in to, in the host's organization only (the provider is one of
// its own, so another organization's people are unknown here):
//   1. the account linked to this provider's subject;
//   2. else the account with the same e-mail, linked now, only when the provider verified that e-mail;
//   3. else, when the provider makes accounts just in time, a new one with the mapped role.
// A deactivated account stays out whichever way it was found.

export interface SsoProviderRef {
  id: string;
  name: string;
  jitEnabled: boolean;
}

const accountSelect = { ...userProfileSelect, sessionVersion: true } as const;

/**
 * Signs `identity` in and returns the session token: the same token a password sign-in gets, naming the
 * SsoSession that keeps what single logout needs (`logout`: the ID token, or the SAML NameID and session).
 */
export async function signInWithIdentity(
  ctx: RequestContext,
  provider: SsoProviderRef,
  identity: SsoIdentity,
  device: { ip: string; userAgent: string | null },
  logout: LogoutHandle,
): Promise<string> {
  const { ip } = device;
  const organization = tenantOrganization(ctx);
  if (organization.status !== "active") throw new SsoRefusal("suspended");
  const organizationId = organization.id;
  const user = await db().$transaction(async (tx) => {
    const link = await tx.userIdentity.findFirst({
      where: { organizationId, providerId: provider.id, subject: identity.subject },
      select: { user: { select: accountSelect } },
    });
    if (link) return link.user;
    if (!identity.email) throw new SsoRefusal("no_email");
    const existing = await tx.user.findFirst({
      where: { organizationId, email: identity.email },
      select: accountSelect,
    });
    if (existing) {
      if (!identity.emailVerified) throw new SsoRefusal("unverified_email");
      if (existing.status !== "active") throw new SsoRefusal("deactivated");
      await tx.userIdentity.create({
        data: { organizationId, providerId: provider.id, subject: identity.subject, userId: existing.id },
      });
      await audit(
        {
          organizationId,
          actorId: existing.id,
          action: "sso.account_linked",
          entityType: "user",
          entityId: existing.id,
          data: { provider: provider.name, providerId: provider.id, email: identity.email },
          ip,
        },
        tx,
      );
      return existing;
    }
    if (!provider.jitEnabled) throw new SsoRefusal("no_account");
    const created = await tx.user.create({
      data: {
        organizationId,
        role: identity.role,
        firstName: identity.firstName,
        lastName: identity.lastName,
        email: identity.email,
        username: await uniqueUsername(tx, organizationId, identity.email),
        passwordHash: NO_PASSWORD_HASH,
      },
      select: accountSelect,
    });
    await tx.userIdentity.create({
      data: { organizationId, providerId: provider.id, subject: identity.subject, userId: created.id },
    });
    await audit(
      {
        organizationId,
        actorId: created.id,
        action: "sso.account_created",
        entityType: "user",
        entityId: created.id,
        data: { provider: provider.name, providerId: provider.id, email: identity.email, role: identity.role },
        ip,
      },
      tx,
    );
    await recordUserEvents(tx, organizationId, "user.created", [created.id]);
    return created;
  });
  if (user.status !== "active") throw new SsoRefusal("deactivated");

  await db().user.update({ where: { id: user.id, organizationId }, data: { lastLoginAt: new Date() } });
  await audit({
    organizationId,
    actorId: user.id,
    action: "auth.login",
    entityType: "user",
    entityId: user.id,
    data: { method: "sso", provider: provider.name, providerId: provider.id },
    ip,
  });
  const session = await db().ssoSession.create({
    data: {
      organizationId,
      providerId: provider.id,
      userId: user.id,
      sealedLogout: sealSecret(JSON.stringify(logout)),
      expiresAt: new Date(Date.now() + env.SESSION_MAX_AGE_SECONDS * 1000),
    },
    select: { id: true },
  });
  return startSession(
    {
      sub: user.id,
      role: user.role,
      org: organizationId,
      tenant: organization.subdomain,
      sv: user.sessionVersion,
      sso: session.id,
    },
    device,
  );
}
