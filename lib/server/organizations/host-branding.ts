import "server-only";
import type { TenantBranding } from "@/lib/tenancy/branding";
import { pageCaller, pageShell } from "@/lib/auth/page-caller";
import { readOrganizationBranding, readOrganizationSettings } from "@/lib/schemas/organization-settings";
import type { OrganizationPublic } from "@/lib/server/selects";

export interface HostBranding {
  branding: TenantBranding;
  /** The host's organization when it is suspended: its pages show only that. */
  suspended: OrganizationPublic | null;
}

/**
 * What the root layout needs of the request's host: the organization's logo, colour and maintenance
 * notice, and the platform's notice, which every host shows. An unknown host has neither organization
 * nor branding (its page is 'Page Not Found'). Read with the page's caller, in its one statement.
 */
export async function hostBranding(): Promise<HostBranding> {
  const [organization, { platformMaintenance }] = await Promise.all([
    pageCaller().then(
      (s) => s.ctx.organization,
      () => null,
    ),
    pageShell(),
  ]);
  const notices = [
    platformMaintenance,
    organization ? readOrganizationSettings(organization.settings).maintenance : null,
  ]
    .filter((n) => n?.enabled && n.message)
    .map((n) => n!.message);
  const { logoUrl, primaryColor } = readOrganizationBranding(organization?.branding);
  return {
    branding: {
      organizationName: organization?.name ?? null,
      logoUrl: logoUrl ?? null,
      primaryColor: primaryColor ?? null,
      notices,
    },
    suspended: organization?.status === "suspended" ? organization : null,
  };
}
