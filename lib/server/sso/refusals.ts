import { AppError } from "@/lib/errors";

// Why a sign-in through an identity provider did not let the person in. The browser comes back to the
// login page with the reason's key in its address (never free text, which a link could fill with
// anything), and the page shows the sentence.

export const SSO_REFUSALS = {
  denied: "Your identity provider did not sign you in (it was cancelled or refused there).",
  expired: "This sign-in took too long or was already used. Start again from this page.",
  invalid: "Your identity provider's answer could not be verified, so you were not signed in.",
  unsolicited:
    "This answer from your identity provider does not match a sign-in started here (or that sign-in is over). Start again from this page.",
  misconfigured: "Sign-in with this provider is not set up completely. Ask your administrator.",
  unreachable: "Your organization's identity provider could not be reached. Try again later.",
  no_email:
    "Your identity provider did not send an e-mail address. Ask your administrator to check the sign-in settings.",
  unverified_email:
    "Your identity provider has not verified your e-mail address, so it cannot be linked to your existing account. Ask your administrator.",
  no_account: "There is no account for your e-mail address here. Ask your administrator for one.",
  deactivated: "This account has been deactivated. Contact your administrator.",
  suspended: "This organization is suspended. Contact the platform administrator.",
} as const;
export type SsoRefusalReason = keyof typeof SSO_REFUSALS;

export function isSsoRefusalReason(value: unknown): value is SsoRefusalReason {
  return typeof value === "string" && Object.hasOwn(SSO_REFUSALS, value);
}

export class SsoRefusal extends AppError {
  constructor(readonly reason: SsoRefusalReason) {
    super("FORBIDDEN", SSO_REFUSALS[reason]);
    this.name = "SsoRefusal";
  }
}
