"use client";

import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import type { SearchOption } from "@/components/ui/search-picker";
import { useApi } from "@/lib/client/swr";

export type { SearchOption } from "@/components/ui/search-picker";

interface Props<T> {
  label: string;
  /** The API path for a search text ("" for the first page). */
  pathFor: (query: string) => string;
  optionsOf: (data: T) => SearchOption[];
  value: SearchOption | null;
  onChange: (option: SearchOption | null) => void;
  error?: boolean;
  helperText?: string;
  /** Dense, for a row of filters above a list (the form's spacing otherwise). */
  dense?: boolean;
  /** What an empty choice means ("Every organization"). */
  placeholder?: string;
  disabled?: boolean;
}

/** Pick one record, searching the server as you type (a course, a group). */
export function SearchSelect<T>({
  label,
  pathFor,
  optionsOf,
  value,
  onChange,
  error,
  helperText,
  dense,
  placeholder,
  disabled,
}: Props<T>) {
  const [input, setInput] = useState("");
  const query = useDebouncedValue(input.trim());
  const { data, isLoading } = useApi<T>(pathFor(value && input === value.label ? "" : query), {
    keepPreviousData: true,
  });
  return (
    <Autocomplete<SearchOption>
      options={data ? optionsOf(data) : []}
      value={value}
      onChange={(_, option) => onChange(option)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      filterOptions={(x) => x}
      loading={isLoading}
      disabled={disabled}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      size={dense ? "small" : undefined}
      sx={dense ? { minWidth: 220 } : undefined}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          margin={dense ? "none" : "normal"}
          error={error}
          helperText={helperText}
          slotProps={
            placeholder
              ? { ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }
              : params.slotProps
          }
        />
      )}
    />
  );
}
