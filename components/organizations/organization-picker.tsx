"use client";

import { SearchSelect } from "@/components/forms/search-select";
import {
  organizationOptions,
  organizationPath,
  useChosenOrganization,
  type OrganizationOption,
} from "@/components/organizations/organization-search";
import type { Page } from "@/lib/schemas/pagination";

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
 * with any number of organizations (audit log, import, export; the reports' filter bar offers the same
 * search in components/ui/search-picker.tsx).
 */
export function OrganizationPicker({ id, onChange, emptyLabel, dense, disabled }: Props) {
  const value = useChosenOrganization(id);
  return (
    <SearchSelect<Page<OrganizationOption>>
      label="Organization"
      pathFor={organizationPath}
      optionsOf={organizationOptions}
      value={value}
      onChange={(option) => onChange(option?.id ?? "")}
      placeholder={emptyLabel}
      dense={dense}
      disabled={disabled}
    />
  );
}
