/** What every page of a host shows of its organization: logo, name and the maintenance notices. */
export interface TenantBranding {
  /** The organization's name; null on the apex (and on unknown hosts). */
  organizationName: string | null;
  /** The organization's uploaded logo, or null for the default logo. */
  logoUrl: string | null;
  primaryColor: string | null;
  /** Maintenance notices to show on every page: the platform's, then the organization's. */
  notices: string[];
}

/** No organization: the product's own logo and colour (the apex, and the global error screen). */
export const NO_BRANDING: TenantBranding = { organizationName: null, logoUrl: null, primaryColor: null, notices: [] };
