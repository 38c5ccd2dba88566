import { z } from "zod";
import type { OidcConfig } from "@/lib/schemas/identity-providers";

// What a provider's claims say about the person, read with the provider's mapping. Pure, so the mapping
// (above all: never more than org_admin) is tested on its own.

/** The roles a provider may grant a new account: never an administrator of the organization or the platform. */
export type SsoRole = "learner" | "instructor" | "org_admin";

export interface SsoIdentity {
  /** The provider's stable id of the person. */
  subject: string;
  /** Lower-case; null when the claim is missing or not an e-mail address. */
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  role: SsoRole;
}

type Mapping = Pick<
  OidcConfig,
  "emailClaim" | "firstNameClaim" | "lastNameClaim" | "roleClaim" | "instructorValues" | "orgAdminValues"
>;

const emailSchema = z.email();

function text(value: unknown): string {
  return typeof value === "string" ? value.trim().slice(0, 100) : "";
}

/** A claim's values as strings: one value, or each of a list (groups, roles). */
function values(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

function mappedRole(mapping: Mapping, claims: Record<string, unknown>): SsoRole {
  if (!mapping.roleClaim) return "learner";
  const held = new Set(values(claims[mapping.roleClaim]));
  if (mapping.orgAdminValues.some((v) => held.has(v))) return "org_admin";
  if (mapping.instructorValues.some((v) => held.has(v))) return "instructor";
  return "learner";
}

export function identityFromClaims(subject: string, mapping: Mapping, claims: Record<string, unknown>): SsoIdentity {
  const rawEmail = text(claims[mapping.emailClaim]).toLowerCase();
  const email = emailSchema.safeParse(rawEmail).success ? rawEmail : null;
  const firstName = text(claims[mapping.firstNameClaim]) || (email?.split("@")[0] ?? "");
  return {
    subject,
    email,
    // Only the boolean true (OpenID Connect Core 5.1): a provider that says nothing has not verified the
    // address, and one that sends the string "true" does not follow the standard it claims to, while
    // a verified address is what links a sign-in to an existing account.
    emailVerified: claims.email_verified === true,
    firstName,
    lastName: text(claims[mapping.lastNameClaim]),
    role: mappedRole(mapping, claims),
  };
}
