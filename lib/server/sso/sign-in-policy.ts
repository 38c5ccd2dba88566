import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { signInPolicySchema, type SignInPolicy, type SignInPolicyView } from "@/lib/schemas/identity-providers";
import { audit, auditActor } from "@/lib/server/audit";
import { requireSettingsManager } from "@/lib/server/settings/mutations";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// "SSO only": an organization whose people sign in through its identity provider refuses passwords
// (sign-in, registration, reset) except for the few break-glass accounts its admin names, kept for the
// day the provider is down. Stored as the organization's Setting row "sign-in-policy".

/** The organization's Setting row's key. */
export const SIGN_IN_POLICY_KEY = "sign-in-policy";
const KEY = SIGN_IN_POLICY_KEY;
const OFF: SignInPolicy = { ssoOnly: false, breakGlassUserIds: [] };

export const SSO_ONLY_MESSAGE =
  "This organization signs in with single sign-on: use the “Sign in with …” button on the login page.";

async function readPolicy(organizationId: string, client: Prisma.TransactionClient = db()): Promise<SignInPolicy> {
  const row = await client.setting.findUnique({
    where: { organizationId_key: { organizationId, key: KEY } },
    select: { value: true },
  });
  return readSignInPolicy(row?.value);
}

/** A stored policy; a missing or damaged one is no policy. */
export function readSignInPolicy(value: unknown): SignInPolicy {
  const parsed = signInPolicySchema.safeParse(value);
  return parsed.success ? parsed.data : OFF;
}

/**
 * Throws the SSO-only refusal when the organization requires single sign-on and `userId` is not one of
 * its break-glass accounts (null: someone without an account yet, as at registration).
 */
export async function refusePasswordUnlessBreakGlass(
  organizationId: string | null,
  userId: string | null,
  client: Prisma.TransactionClient = db(),
): Promise<void> {
  if (!organizationId) return;
  const policy = await readPolicy(organizationId, client);
  if (policy.ssoOnly && !(userId && policy.breakGlassUserIds.includes(userId)))
    throw new AppError("FORBIDDEN", SSO_ONLY_MESSAGE);
}

async function view(organizationId: string, policy: SignInPolicy): Promise<SignInPolicyView> {
  const users = await db().user.findMany({
    where: { organizationId, id: { in: policy.breakGlassUserIds } },
    select: { id: true, firstName: true, lastName: true, email: true },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
  });
  return signInPolicyView(policy, users);
}

export interface BreakGlassUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The policy with its break-glass accounts, from users in name order that include them (others are left out). */
export function signInPolicyView(policy: SignInPolicy, users: BreakGlassUser[]): SignInPolicyView {
  return {
    ssoOnly: policy.ssoOnly,
    breakGlassUsers: users
      .filter((u) => policy.breakGlassUserIds.includes(u.id))
      .map((u) => ({ id: u.id, first_name: u.firstName, last_name: u.lastName, email: u.email })),
  };
}

export async function getSignInPolicy(ctx: TenantContext): Promise<SignInPolicyView> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  return view(organizationId, await readPolicy(organizationId));
}

export async function updateSignInPolicy(
  ctx: TenantContext,
  input: SignInPolicy,
  ip: string | null = null,
): Promise<SignInPolicyView> {
  requireSettingsManager(ctx);
  const organizationId = tenantId(ctx);
  const breakGlassUserIds = [...new Set(input.breakGlassUserIds)];
  const found = await db().user.count({ where: { organizationId, id: { in: breakGlassUserIds }, status: "active" } });
  if (found !== breakGlassUserIds.length)
    throw new AppError("BAD_REQUEST", "Break-glass accounts must be active users of this organization", {
      fieldErrors: { breakGlassUserIds: ["Break-glass accounts must be active users of this organization"] },
    });
  if (input.ssoOnly) {
    const providers = await db().identityProvider.count({ where: { organizationId, enabled: true } });
    if (providers === 0)
      throw new AppError("CONFLICT", "Add and turn on an identity provider before requiring single sign-on");
  }
  const value: SignInPolicy = { ssoOnly: input.ssoOnly, breakGlassUserIds };
  await db().$transaction(async (tx) => {
    await tx.setting.upsert({
      where: { organizationId_key: { organizationId, key: KEY } },
      create: { organizationId, key: KEY, value },
      update: { value },
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "sso.policy.update",
        entityType: "organization",
        entityId: organizationId,
        data: value,
        ip,
      },
      tx,
    );
  });
  return view(organizationId, value);
}
