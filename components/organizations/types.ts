import type { OrganizationSettings } from "@/lib/schemas/organization-settings";

/** GET /api/admin/organizations items (lib/server/organizations/json.ts). */
export interface OrganizationAdmin {
  id: string;
  name: string;
  subdomain: string;
  status: "active" | "suspended";
  branding: { logoUrl?: string; primaryColor?: string };
  settings: OrganizationSettings;
  created_at: string;
  user_count: number;
  course_count: number;
  enrollment_count: number;
}

/** Where an organization's pages live: built from the page's own origin (scheme, port) and the app's domain. */
export interface TenantAddress {
  baseOrigin: string;
  appDomain: string;
}
