"use client";

import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import type { ReactNode } from "react";
import { useState } from "react";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import { useApi } from "@/lib/client/swr";

interface Props<T, O extends { id: string }> {
  label: string;
  /** The API path for a search text ("" for the first page). */
  pathFor: (query: string) => string;
  optionsOf: (data: T) => O[];
  labelOf: (option: O) => string;
  /** What an offered option shows after its label (a person's e-mail). */
  detailOf?: (option: O) => ReactNode;
  value: O[];
  onChange: (options: O[]) => void;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

/** Pick many records, searching the server as you type (people, groups); chosen ones are not offered again. */
export function SearchMultiSelect<T, O extends { id: string }>({
  label,
  pathFor,
  optionsOf,
  labelOf,
  detailOf,
  value,
  onChange,
  disabled,
  error,
  helperText,
}: Props<T, O>) {
  const [input, setInput] = useState("");
  const query = useDebouncedValue(input.trim());
  const { data, isLoading } = useApi<T>(pathFor(query), { keepPreviousData: true });
  return (
    <Autocomplete<O, true>
      multiple
      disabled={disabled}
      options={data ? optionsOf(data) : []}
      value={value}
      onChange={(_, options) => onChange(options)}
      inputValue={input}
      onInputChange={(_, text, reason) => reason !== "reset" && setInput(text)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={isLoading}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={labelOf}
      getOptionKey={(o) => o.id}
      renderOption={
        detailOf &&
        ((props, option) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              {labelOf(option)}
              {detailOf(option)}
            </li>
          );
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} margin="normal" error={error} helperText={helperText} />
      )}
    />
  );
}
