"use client";

import { SearchSelect, type SearchOption } from "@/components/forms/search-select";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";

interface OrganizationOption {
  id: string;
  name: string;
}

const organizationPath = (q: string) =>
  `/api/admin/organizations?page_size=20${q ? `&q=${encodeURIComponent(q)}` : ""}`;

interface Props {
  /** The chosen organization's id ("" or undefined for none). */
  id: string | undefined;
  onChange: (id: string) => void;
  /** What no choice means here ("Every organization"); without it the field is simply empty. */
  emptyLabel?: string;
  dense?: boolean;
  disabled?: boolean;
}

/**
 * The superadmin's choice of one organization, searched on the server by name as they type, so it works
 * with any number of organizations (reports, audit log, import, export).
 */
export function OrganizationPicker({ id, onChange, emptyLabel, dense, disabled }: Props) {
  const chosen = useApi<OrganizationOption>(id ? `/api/admin/organizations/${encodeURIComponent(id)}` : null);
  const value: SearchOption | null = id ? { id, label: chosen.data?.name ?? "…" } : null;
  return (
    <SearchSelect<Page<OrganizationOption>>
      label="Organization"
      pathFor={organizationPath}
      optionsOf={(page) => page.items.map((o) => ({ id: o.id, label: o.name }))}
      value={value}
      onChange={(option) => onChange(option?.id ?? "")}
      placeholder={emptyLabel}
      dense={dense}
      disabled={disabled}
    />
  );
}
