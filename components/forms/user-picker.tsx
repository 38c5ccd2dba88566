"use client";

import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import type { PersonJson } from "@/components/courses/types";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";

/** A person as a picker shows them; instructors of a course may come without e-mail and role. */
export type PickedPerson = Pick<PersonJson, "id" | "first_name" | "last_name"> &
  Partial<Pick<PersonJson, "email" | "role">>;

export const personName = (p: PickedPerson) => `${p.first_name} ${p.last_name}`.trim() || p.email || p.id;

interface Props {
  label: string;
  /** learner or staff: passed to GET /api/users?role=; without it, everyone active. */
  role?: "learner" | "staff";
  value: PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  error?: boolean;
  helperText?: string;
  /** Users not to offer (e.g. already enrolled). */
  exclude?: ReadonlySet<string>;
}

/** Pick one or many users of the organization, searching the server as you type. */
export function UserPicker({ label, role, value, onChange, error, helperText, exclude }: Props) {
  const [input, setInput] = useState("");
  const query = useDebouncedValue(input.trim());
  const { data, isLoading } = useApi<Page<PersonJson>>(
    `/api/users?page_size=20${role ? `&role=${role}` : ""}${query ? `&q=${encodeURIComponent(query)}` : ""}`,
    { keepPreviousData: true },
  );
  const options = (data?.items ?? []).filter((p) => !exclude?.has(p.id));
  return (
    <Autocomplete<PickedPerson, true>
      multiple
      options={options}
      value={value}
      onChange={(_, people) => onChange(people)}
      inputValue={input}
      onInputChange={(_, text, reason) => reason !== "reset" && setInput(text)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={isLoading}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={personName}
      getOptionKey={(p) => p.id}
      renderOption={(props, p) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {personName(p)}
            {p.email && <span style={{ opacity: 0.6, marginLeft: 8 }}>{p.email}</span>}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} margin="normal" error={error} helperText={helperText} />
      )}
    />
  );
}
