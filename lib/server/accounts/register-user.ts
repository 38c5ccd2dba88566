import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { startSession, type SessionDevice } from "@/lib/auth/session-start";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { RegisterInput } from "@/lib/schemas/auth";
import { readOrganizationSettings } from "@/lib/schemas/organization-settings";
import { assertPasswordAllowed } from "@/lib/server/accounts/password-policy";
import { uniqueUsername } from "@/lib/server/accounts/unique-username";
import { audit } from "@/lib/server/audit";
import { refusePasswordUnlessBreakGlass } from "@/lib/server/sso/sign-in-policy";
import { userProfileSelect } from "@/lib/server/selects";
import type { RequestContext } from "@/lib/tenancy/context";
import { recordUserEvents } from "@/lib/server/webhooks/events";

/** Self-registration into the host's organization, when its settings allow it, with the role they grant. */
export async function registerUser(ctx: RequestContext, input: RegisterInput, device: SessionDevice) {
  const organization = ctx.organization;
  if (!organization)
    throw new AppError("BAD_REQUEST", "Register on your organization's own address, or create a new organization");
  if (organization.status !== "active")
    throw new AppError("FORBIDDEN", "This organization is suspended. Contact the platform administrator.");
  await refusePasswordUnlessBreakGlass(organization.id, null);
  const settings = readOrganizationSettings(organization.settings);
  if (!settings.allowSelfRegistration) {
    throw new AppError(
      "FORBIDDEN",
      "This organization does not allow self-registration. Ask your administrator for an account.",
    );
  }
  assertPasswordAllowed(settings.passwordPolicy, input.password, "password", [
    input.first_name,
    input.last_name,
    input.email,
    input.username,
    organization.name,
    organization.subdomain,
  ]);
  const passwordHash = await hashPassword(input.password);

  const user = await db().$transaction(async (tx) => {
    const emailTaken = await tx.user.findUnique({
      where: { organizationId_email: { organizationId: organization.id, email: input.email } },
      select: { id: true },
    });
    if (emailTaken)
      throw new AppError("CONFLICT", "An account with this email already exists", {
        fieldErrors: { email: ["An account with this email already exists"] },
      });
    if (input.username) {
      const usernameTaken = await tx.user.findUnique({
        where: { organizationId_username: { organizationId: organization.id, username: input.username } },
        select: { id: true },
      });
      if (usernameTaken)
        throw new AppError("CONFLICT", "This username is taken", {
          fieldErrors: { username: ["This username is taken"] },
        });
    }
    const created = await tx.user.create({
      data: {
        organizationId: organization.id,
        role: settings.selfRegistrationRole,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        username: await uniqueUsername(tx, organization.id, input.email, input.username),
        passwordHash,
      },
      select: userProfileSelect,
    });
    await audit(
      {
        organizationId: organization.id,
        actorId: created.id,
        action: "auth.register",
        entityType: "user",
        entityId: created.id,
      },
      tx,
    );
    await recordUserEvents(tx, organization.id, "user.created", [created.id]);
    return created;
  });

  const token = await startSession(
    { sub: user.id, role: user.role, org: organization.id, tenant: organization.subdomain, sv: 0 },
    device,
  );
  return { user, organization, token };
}
