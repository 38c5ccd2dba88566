"use client";

import GroupsIcon from "@mui/icons-material/Groups";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { PersonAvatar, personName } from "@/components/messages/people";
import type { PersonJson, RecipientsJson } from "@/components/messages/types";
import { useApi } from "@/lib/client/swr";
import { roleLabel, isRole } from "@/lib/routes";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";

/** Someone to write to, or a whole group (one group per message). */
export type Recipient =
  { kind: "user"; person: PersonJson } | { kind: "group"; id: string; name: string; memberCount: number };

const recipientKey = (r: Recipient) => (r.kind === "user" ? `u:${r.person.id}` : `g:${r.id}`);
const recipientLabel = (r: Recipient) => (r.kind === "user" ? personName(r.person) : `${r.name} (group)`);

interface Props {
  value: Recipient[];
  onChange: (value: Recipient[]) => void;
  error?: boolean;
  helperText?: string;
}

/** "To": the people and groups the caller may write to (the server decides who), searched as you type. */
export function RecipientPicker({ value, onChange, error, helperText }: Props) {
  const [input, setInput] = useState("");
  const query = useDebouncedValue(input.trim());
  const { data, isLoading } = useApi<RecipientsJson>(
    `/api/messages/recipients${query ? `?q=${encodeURIComponent(query)}` : ""}`,
    { keepPreviousData: true },
  );
  const hasGroup = value.some((r) => r.kind === "group");
  const options: Recipient[] = [
    ...(hasGroup
      ? []
      : (data?.groups ?? []).map((g): Recipient => ({
          kind: "group",
          id: g.id,
          name: g.name,
          memberCount: g.member_count,
        }))),
    ...(data?.users ?? []).map((person): Recipient => ({ kind: "user", person })),
  ];
  return (
    <Autocomplete<Recipient, true>
      multiple
      options={options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, text, reason) => reason !== "reset" && setInput(text)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={isLoading}
      isOptionEqualToValue={(a, b) => recipientKey(a) === recipientKey(b)}
      getOptionLabel={recipientLabel}
      getOptionKey={recipientKey}
      groupBy={(r) => (r.kind === "group" ? "Groups" : "People")}
      noOptionsText={query ? `Nobody you may write to matches '${query}'` : "Nobody to write to"}
      renderOption={(props, r) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ gap: 1.5 }}>
            {r.kind === "user" ? <PersonAvatar person={r.person} size={28} /> : <GroupsIcon aria-hidden />}
            <span>{recipientLabel(r)}</span>
            <Box component="span" sx={{ color: "text.secondary", fontSize: "0.85em" }}>
              {r.kind === "user"
                ? isRole(r.person.role)
                  ? roleLabel(r.person.role)
                  : ""
                : `${r.memberCount} ${r.memberCount === 1 ? "member" : "members"}`}
            </Box>
          </Box>
        );
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((r, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              label={recipientLabel(r)}
              icon={r.kind === "group" ? <GroupsIcon /> : undefined}
              size="small"
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="To"
          margin="normal"
          error={error}
          helperText={helperText ?? "People or one group you may write to"}
        />
      )}
    />
  );
}
