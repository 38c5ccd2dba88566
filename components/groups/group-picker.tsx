"use client";

import { SearchMultiSelect } from "@/components/forms/search-multi-select";
import type { GroupListJson } from "@/lib/server/groups/queries";

export interface GroupChoice {
  id: string;
  name: string;
}

/** The groups a person is in, chosen by searching the organization's groups as you type. */
export function GroupPicker({
  label,
  value,
  onChange,
  disabled,
  error,
}: {
  label: string;
  value: GroupChoice[];
  onChange: (groups: GroupChoice[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <SearchMultiSelect<GroupListJson, GroupChoice>
      label={label}
      pathFor={(query) => `/api/admin/groups?page_size=20${query ? `&q=${encodeURIComponent(query)}` : ""}`}
      optionsOf={(data) => data.groups.map((g) => ({ id: g.id, name: g.name }))}
      labelOf={(g) => g.name}
      value={value}
      onChange={onChange}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? "Members are enrolled in their groups' courses"}
    />
  );
}
