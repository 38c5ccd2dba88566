"use client";

import type { SearchOption } from "@/components/ui/search-picker";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";

// The superadmin's search of organizations by name, shared by the pickers that offer one (the reports'
// filter bar, OrganizationPicker): apart from either, so the filter bar brings no MUI with it.

export interface OrganizationOption {
  id: string;
  name: string;
}

/** The organizations whose name holds the search text, a page of them. */
export const organizationPath = (q: string) =>
  `/api/admin/organizations?page_size=20${q ? `&q=${encodeURIComponent(q)}` : ""}`;

export const organizationOptions = (page: Page<OrganizationOption>): SearchOption[] =>
  page.items.map((o) => ({ id: o.id, label: o.name }));

/** The chosen organization by its name (looked up once from its id). */
export function useChosenOrganization(id: string | undefined): SearchOption | null {
  const chosen = useApi<OrganizationOption>(id ? `/api/admin/organizations/${encodeURIComponent(id)}` : null);
  return id ? { id, label: chosen.data?.name ?? "…" } : null;
}
