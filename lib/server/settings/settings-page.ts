import "server-only";
import { jsonTimestamp, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { IdentityProviderView, SignInPolicyView } from "@/lib/schemas/identity-providers";
import {
  readOrganizationSettings,
  type OrganizationSettings,
  type TeachingSettings,
} from "@/lib/schemas/organization-settings";
import type { SmtpSettingsView } from "@/lib/schemas/smtp";
import { smtpSettingsView, SMTP_SETTING_KEY } from "@/lib/server/settings/smtp";
import { identityProviderView, type IdentityProviderRow } from "@/lib/server/sso/providers";
import {
  readSignInPolicy,
  signInPolicyView,
  SIGN_IN_POLICY_KEY,
  type BreakGlassUser,
} from "@/lib/server/sso/sign-in-policy";
import type { PlatformSettingKey } from "@/lib/server/settings/platform";
import { tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { actsForPlatform, can, requirePermission } from "@/lib/tenancy/permissions";

// /admin/settings in at most one statement: what GET /api/admin/settings, …/settings/smtp,
// …/identity-providers and …/sign-in-policy answer the caller, read together. The organization's own
// settings came with the caller (its row is read on every request), so the teaching view reads nothing.

export type SettingsPage =
  | { scope: "platform"; editable: true; settings: OrganizationSettings; smtp: SmtpSettingsView; signIn: null }
  | {
      scope: "organization";
      editable: true;
      settings: OrganizationSettings;
      smtp: SmtpSettingsView;
      signIn: { providers: IdentityProviderView[]; policy: SignInPolicyView };
    }
  | { scope: "organization"; editable: false; settings: TeachingSettings };

const DEFAULTS_KEY: PlatformSettingKey = "organization-defaults";

const platformSettingsSql = () => Prisma.sql`SELECT
  (SELECT s."value" FROM "Setting" s WHERE s."organizationId" IS NULL AND s."key" = ${DEFAULTS_KEY} LIMIT 1) AS "defaults",
  (SELECT s."value" FROM "Setting" s WHERE s."organizationId" IS NULL AND s."key" = ${SMTP_SETTING_KEY} LIMIT 1) AS "smtp"`;

/**
 * The break-glass accounts are looked up by the ids the stored policy lists, whatever it holds: those
 * that are not ids are skipped here, and a policy that does not parse lists nobody (readSignInPolicy).
 */
const organizationSettingsSql = (organizationId: string) => Prisma.sql`WITH "policy" AS (
  SELECT s."value" FROM "Setting" s WHERE s."organizationId" = ${organizationId}::uuid AND s."key" = ${SIGN_IN_POLICY_KEY}
)
SELECT
  (SELECT s."value" FROM "Setting" s WHERE s."organizationId" = ${organizationId}::uuid AND s."key" = ${SMTP_SETTING_KEY}) AS "smtp",
  (SELECT "value" FROM "policy") AS "policy",
  (SELECT coalesce(json_agg(json_build_object('id', p."id", 'protocol', p."protocol", 'name', p."name", 'enabled', p."enabled",
      'jitEnabled', p."jitEnabled", 'config', p."config", 'sealedSecret', p."sealedSecret", 'createdAt', p."createdAt",
      'updatedAt', p."updatedAt") ORDER BY p."name"), '[]')
    FROM "IdentityProvider" p WHERE p."organizationId" = ${organizationId}::uuid) AS "providers",
  (SELECT coalesce(json_agg(json_build_object('id', u."id", 'firstName', u."firstName", 'lastName', u."lastName", 'email', u."email")
      ORDER BY u."lastName", u."firstName", u."id"), '[]')
    FROM "User" u
    WHERE u."organizationId" = ${organizationId}::uuid AND u."id" = ANY (ARRAY(
      SELECT x::uuid FROM "policy",
        jsonb_array_elements_text(CASE WHEN jsonb_typeof("policy"."value" -> 'breakGlassUserIds') = 'array'
          THEN "policy"."value" -> 'breakGlassUserIds' ELSE '[]' END) AS x
      WHERE x ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'))) AS "breakGlassUsers"`;

type ProviderJson = Omit<IdentityProviderRow, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };

interface OrganizationSettingsRow {
  smtp: unknown;
  policy: unknown;
  providers: ProviderJson[];
  breakGlassUsers: BreakGlassUser[];
}

/** What /admin/settings shows the caller (GET /api/admin/settings's rules: lib/server/settings/queries.ts). */
export async function getSettingsPage(ctx: TenantContext): Promise<SettingsPage> {
  if (!can(ctx, "settings:manage")) {
    requirePermission(ctx, "settings:read:teaching");
    const { courseDefaults, passwordPolicy } = readOrganizationSettings(tenantOrganization(ctx).settings);
    return { scope: "organization", editable: false, settings: { courseDefaults, passwordPolicy } };
  }
  if (actsForPlatform(ctx)) {
    const [platform] = await queryRows<{ defaults: unknown; smtp: unknown }>(platformSettingsSql());
    return {
      scope: "platform",
      editable: true,
      settings: readOrganizationSettings(platform!.defaults),
      smtp: smtpSettingsView(platform!.smtp),
      signIn: null,
    };
  }
  const organization = tenantOrganization(ctx);
  const [row] = await queryRows<OrganizationSettingsRow>(organizationSettingsSql(organization.id));
  const { smtp, policy, providers, breakGlassUsers } = row!;
  return {
    scope: "organization",
    editable: true,
    settings: readOrganizationSettings(organization.settings),
    smtp: smtpSettingsView(smtp),
    signIn: {
      providers: providers.map((p) =>
        identityProviderView({ ...p, createdAt: jsonTimestamp(p.createdAt), updatedAt: jsonTimestamp(p.updatedAt) }),
      ),
      policy: signInPolicyView(readSignInPolicy(policy), breakGlassUsers),
    },
  };
}
