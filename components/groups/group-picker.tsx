"use client";

import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import type { GroupListJson } from "@/lib/server/groups/queries";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import { useApi } from "@/lib/client/swr";

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
  const [input, setInput] = useState("");
  const query = useDebouncedValue(input.trim());
  const { data, isLoading } = useApi<GroupListJson>(
    `/api/admin/groups?page_size=20${query ? `&q=${encodeURIComponent(query)}` : ""}`,
    { keepPreviousData: true },
  );
  return (
    <Autocomplete<GroupChoice, true>
      multiple
      disabled={disabled}
      options={(data?.groups ?? []).map((g) => ({ id: g.id, name: g.name }))}
      value={value}
      onChange={(_, groups) => onChange(groups)}
      inputValue={input}
      onInputChange={(_, text, reason) => reason !== "reset" && setInput(text)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={isLoading}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(g) => g.name}
      getOptionKey={(g) => g.id}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          margin="normal"
          error={Boolean(error)}
          helperText={error ?? "Members are enrolled in their groups' courses"}
        />
      )}
    />
  );
}
