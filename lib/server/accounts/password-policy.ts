import "server-only";
import { AppError } from "@/lib/errors";
import { readOrganizationSettings, type PasswordPolicy } from "@/lib/schemas/organization-settings";
import { checkPassword } from "@/lib/password-strength";
import { platformDefaults } from "@/lib/server/settings/queries";

// The password policy, enforced wherever a password is set: registration, organization sign-up, a
// reset or an invitation's set-password link, the profile's password change, an administrator setting
// one. The forms run the same check (lib/password-strength.ts) before they send.

/** The policy of an organization (its settings as the request loaded them); the apex's is the platform's. */
export async function passwordPolicyOf(organization: { settings: unknown } | null): Promise<PasswordPolicy> {
  return organization
    ? readOrganizationSettings(organization.settings).passwordPolicy
    : (await platformDefaults()).passwordPolicy;
}

/**
 * Refuses a password the policy does not allow: a 400 naming `field`. `userInputs`: the person's name
 * and e-mail and the organization's name and subdomain, which make a password easier to guess.
 */
export function assertPasswordAllowed(
  policy: PasswordPolicy,
  password: string,
  field: string,
  userInputs: (string | null | undefined)[],
): void {
  const result = checkPassword(
    password,
    policy,
    userInputs.filter((s): s is string => Boolean(s)),
  );
  if (!result.ok)
    throw new AppError("VALIDATION_FAILED", `${field}: ${result.message}`, {
      fieldErrors: { [field]: [result.message!] },
    });
}
